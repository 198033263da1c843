// The gateway in front of the real notifier: publish, a live WebSocket and a live SSE stream, all under /notifier/.

import { expect, test } from 'bun:test';
import { createLogger } from '@keel/kit';
import { tempDir, waitFor } from '@keel/kit/testing';
import { createNotifier, readConfig, systemEnvironment } from '@keel/notifier';
import type { Server } from 'bun';
import { createGateway } from '../src/gateway.ts';

test('a message published through the gateway reaches WebSocket and SSE subscribers connected through it', async () => {
  await using dir = await tempDir('gateway-notifier-');
  const logger = createLogger({ level: 'silent' });
  const config = readConfig({ env: { DATA_DIR: dir.path }, argv: ['--port', '0'] });
  const notifier = createNotifier(config, systemEnvironment({ logger, processMetrics: false }));
  notifier.app.listen({ port: 0, hostname: '127.0.0.1' });
  notifier.start();
  const handlers = createGateway(
    {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      upstreamTimeoutMs: 5_000,
      routes: [
        { prefix: '', name: 'webapp', upstream: 'http://127.0.0.1:9' },
        { prefix: '/notifier', name: 'notifier', upstream: `http://127.0.0.1:${notifier.app.server?.port}` },
      ],
    },
    { logger, fetch, processMetrics: false },
  );
  const gateway = Bun.serve({ port: 0, hostname: '127.0.0.1', ...handlers }) as Server<unknown>;
  const base = `http://127.0.0.1:${gateway.port}`;
  try {
    const frames: Record<string, unknown>[] = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notifier/alerts/ws`);
    socket.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as Record<string, unknown>);
    await waitFor(() => frames.length === 1, { what: 'the open event through the gateway' });

    const sse = await fetch(`${base}/notifier/alerts/sse`);
    const reader = sse.body?.getReader();
    if (reader === undefined) throw new Error('no SSE body');
    const decoder = new TextDecoder();
    let events = '';
    while (!events.includes('event: open')) events += decoder.decode((await reader.read()).value);

    const published = await fetch(`${base}/notifier/alerts`, {
      method: 'POST',
      body: 'Health 1.08',
      headers: { 'X-Title': 'Position #42' },
    });
    expect(published.status).toBe(200);
    await waitFor(() => frames.length === 2, { what: 'the message over the WebSocket' });
    expect(frames[1]).toMatchObject({
      event: 'message',
      topic: 'alerts',
      title: 'Position #42',
      message: 'Health 1.08',
    });
    while (!events.includes('Health 1.08')) events += decoder.decode((await reader.read()).value);
    await reader.cancel();
    socket.close();
  } finally {
    await gateway.stop(true);
    notifier.endSubscriptions();
    await notifier.app.stop(true);
    await notifier.close();
  }
});
