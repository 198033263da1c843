// The gateway against real upstream servers: prefixes, headers, streaming, WebSockets, failures.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '@keel/kit';
import { waitFor } from '@keel/kit/testing';
import type { Server } from 'bun';
import type { GatewayConfig } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';

/** An upstream that echoes what reached it, streams on /stream, hangs on /slow, and echoes WebSocket frames. */
function echoUpstream(name: string) {
  return Bun.serve<{ path: string }>({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request, server) {
      const url = new URL(request.url);
      if (request.headers.get('upgrade') === 'websocket') {
        return server.upgrade(request, { data: { path: url.pathname + url.search } })
          ? undefined
          : new Response('no', { status: 400 });
      }
      if (url.pathname === '/stream') {
        let step = 0;
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (step === 3) return controller.close();
            controller.enqueue(new TextEncoder().encode(`data: ${step++}\n\n`));
            // 150 ms between events: a first read holding only the first event proves nothing buffers on the way.
            await Bun.sleep(150);
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (url.pathname === '/slow') {
        await Bun.sleep(2_000);
        return new Response('late');
      }
      return Response.json({
        upstream: name,
        method: request.method,
        path: url.pathname + url.search,
        body: await request.text(),
        headers: Object.fromEntries(request.headers),
      });
    },
    websocket: {
      open(ws) {
        ws.send(`hello from ${name} at ${ws.data.path}`);
      },
      message(ws, message) {
        ws.send(`echo: ${message}`);
      },
    },
  });
}

let notifier: Server<{ path: string }>;
let webapp: Server<{ path: string }>;
let gatewayServer: Server<unknown>;
let base: string;

beforeAll(() => {
  notifier = echoUpstream('notifier');
  webapp = echoUpstream('webapp');
  const config: GatewayConfig = {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    upstreamTimeoutMs: 500,
    routes: [
      { prefix: '', name: 'webapp', upstream: `http://127.0.0.1:${webapp.port}` },
      { prefix: '/notifier', name: 'notifier', upstream: `http://127.0.0.1:${notifier.port}` },
      // Nothing listens on port 9: an upstream that is down.
      { prefix: '/scheduler', name: 'scheduler', upstream: 'http://127.0.0.1:9' },
    ],
  };
  const handlers = createGateway(config, { logger: createLogger({ level: 'silent' }), fetch, processMetrics: false });
  gatewayServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: handlers.fetch,
    websocket: handlers.websocket,
  }) as Server<unknown>;
  base = `http://127.0.0.1:${gatewayServer.port}`;
});
afterAll(async () => {
  await gatewayServer.stop(true);
  await notifier.stop(true);
  await webapp.stop(true);
});

describe('routing', () => {
  test.each([
    ['/notifier/topic/json?poll=1', 'notifier', '/topic/json?poll=1'],
    ['/notifier/', 'notifier', '/'],
    ['/dapp/position/base/42', 'webapp', '/dapp/position/base/42'],
    ['/', 'webapp', '/'],
    ['/notifierx', 'webapp', '/notifierx'],
  ])('%s reaches the %s as %s', async (path, upstream, upstreamPath) => {
    const body = (await (await fetch(`${base}${path}`)).json()) as { upstream: string; path: string };
    expect({ upstream: body.upstream, path: body.path }).toEqual({ upstream, path: upstreamPath });
  });

  test('a prefix without its slash is redirected to it, query kept', async () => {
    const response = await fetch(`${base}/notifier?x=1`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([308, '/notifier/?x=1']);
  });

  test('method and body pass through, X-Forwarded-* are set and hop-by-hop headers dropped', async () => {
    const response = await fetch(`${base}/notifier/t`, {
      method: 'PUT',
      body: 'payload',
      headers: {
        'x-title': 'Hi',
        'x-forwarded-for': '198.51.100.7',
        'keep-alive': 'timeout=5',
        host: 'alerts.example.com',
      },
    });
    const echo = (await response.json()) as { method: string; body: string; headers: Record<string, string> };
    expect({ method: echo.method, body: echo.body }).toEqual({ method: 'PUT', body: 'payload' });
    expect(echo.headers).toMatchObject({
      'x-title': 'Hi',
      'x-forwarded-for': '198.51.100.7, 127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'alerts.example.com',
      'x-forwarded-prefix': '/notifier',
    });
    expect(echo.headers['keep-alive']).toBeUndefined();
  });
});

describe('streaming', () => {
  test('server-sent events arrive one by one, not when the upstream finishes', async () => {
    const response = await fetch(`${base}/notifier/stream`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.getReader();
    const first = await reader?.read();
    // The upstream holds its second event back 150 ms: the first must arrive alone, long before the stream ends.
    expect(new TextDecoder().decode(first?.value)).toBe('data: 0\n\n');
    await reader?.cancel();
  });
});

describe('WebSocket', () => {
  test('frames go both ways through the prefix, and a close reaches the upstream', async () => {
    const frames: string[] = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notifier/alerts/ws?since=all`);
    socket.onmessage = (event) => frames.push(String(event.data));
    socket.onopen = () => socket.send('ping');
    await waitFor(() => frames.length === 2, { what: 'greeting and echo' });
    expect(frames).toEqual(['hello from notifier at /alerts/ws?since=all', 'echo: ping']);
    const closed = Promise.withResolvers<number>();
    socket.onclose = (event) => closed.resolve(event.code);
    socket.close(1000);
    expect(await closed.promise).toBe(1000);
  });
});

describe('failures', () => {
  test('an unreachable upstream is a JSON 502 naming it', async () => {
    const response = await fetch(`${base}/scheduler/tasks`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ code: 'bad_gateway', message: 'the scheduler service is unreachable' });
  });

  test('an upstream slower than the timeout is a JSON 504', async () => {
    const response = await fetch(`${base}/notifier/slow`);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      code: 'gateway_timeout',
      message: 'the notifier service did not answer within 500 ms',
    });
  });

  test('its own /healthz and /metrics answer', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', service: 'gateway' });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('gateway_requests_total{');
  });
});
