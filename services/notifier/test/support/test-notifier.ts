// A whole notifier in-process on a temp SQLite file, listening on a free loopback port.

import { createLogger } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import type { NotifierConfig } from '../../src/config.ts';
import { createNotifier, type Notifier, systemEnvironment } from '../../src/notifier.ts';
import { NTFY_VISITOR_LIMITS } from '../../src/visitors.ts';

export type ConfigOverrides = Partial<NotifierConfig>;

export function testConfig(dataDir: string, overrides: ConfigOverrides = {}): NotifierConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'silent',
    baseUrl: 'http://notifier.test',
    smtp: null,
    cacheMs: 12 * 3_600_000,
    keepaliveMs: 45_000,
    delayLimitMs: 3 * 86_400_000,
    // Tests make far more requests than a person; limits are tested with their own settings.
    visitors: { ...NTFY_VISITOR_LIMITS, requestBurst: 100_000, subscriptionLimit: 1_000 },
    trustedProxies: new Set(),
    webRoot: `${dataDir}/no-web-ui`,
    durability: 'normal',
    ...overrides,
  };
}

export interface TestNotifier extends AsyncDisposable {
  readonly notifier: Notifier;
  readonly url: string;
  readonly dataDir: string;
  publish(topic: string, body: string, headers?: Record<string, string>): Promise<Record<string, unknown>>;
}

/** `dataDir` reuses a directory (restart tests); `now` shifts the notifier's clock. */
export async function startTestNotifier(
  overrides: ConfigOverrides = {},
  { dataDir, now }: { dataDir?: string; now?: () => number } = {},
): Promise<TestNotifier> {
  const dir = dataDir === undefined ? await tempDir('notifier-') : null;
  const config = testConfig(dataDir ?? dir?.path ?? '', overrides);
  const system = systemEnvironment({ logger: createLogger({ level: 'silent' }), processMetrics: false });
  const notifier = createNotifier(config, { ...system, now: now ?? system.now });
  notifier.app.listen({ port: 0, hostname: '127.0.0.1' });
  notifier.start();
  const url = `http://127.0.0.1:${notifier.app.server?.port}`;
  return {
    notifier,
    url,
    dataDir: config.dataDir,
    async publish(topic, body, headers = {}) {
      const response = await fetch(`${url}/${topic}`, { method: 'POST', body, headers });
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
    async [Symbol.asyncDispose]() {
      notifier.endSubscriptions();
      await notifier.app.stop(true);
      await notifier.close();
      await dir?.[Symbol.asyncDispose]();
    },
  };
}

/** Reads NDJSON lines from a streaming response as they arrive. */
export function lineReader(response: Response) {
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    async next(): Promise<string> {
      for (;;) {
        const newline = buffered.indexOf('\n');
        if (newline !== -1) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          return line;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffered += decoder.decode(value, { stream: true });
      }
    },
    /** Reads until a blank line: one SSE event. */
    async nextEvent(): Promise<string> {
      const lines: string[] = [];
      for (;;) {
        const line = await this.next();
        if (line === '') return lines.join('\n');
        lines.push(line);
      }
    },
    cancel: () => reader.cancel(),
  };
}
