// A whole scheduler in-process on a temp SQLite file, with real timers and real outgoing HTTP.

import { createLogger } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import type { DeliveryConfig, SchedulerConfig } from '../../src/config.ts';
import { createScheduler, type Scheduler, systemEnvironment } from '../../src/scheduler.ts';

export const API_KEY = 'test-key-0123456789abcdef0123456789abcdef';

export type ConfigOverrides = Partial<Omit<SchedulerConfig, 'delivery'>> & { delivery?: Partial<DeliveryConfig> };

export function testConfig(dataDir: string, overrides: ConfigOverrides = {}): SchedulerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    apiKey: API_KEY,
    logLevel: 'silent',
    cors: null,
    allowedTargets: null,
    durability: 'full',
    retentionMs: 7 * 24 * 3_600_000,
    ...overrides,
    delivery: {
      maxAttempts: 5,
      timeoutMs: 2_000,
      concurrency: 16,
      // Short waits keep retry tests quick; backoff shape is tested on its own.
      retryBaseMs: 50,
      retryMaxMs: 2_000,
      ...overrides.delivery,
    },
  };
}

export interface TestScheduler extends AsyncDisposable {
  readonly scheduler: Scheduler;
  readonly dataDir: string;
  /** Calls the app in-process, with the API key unless `headers` overrides it. */
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** Creates a task and returns its JSON; fails the test on anything but 201. */
  createTask(task: Record<string, unknown>): Promise<Record<string, unknown> & { id: string }>;
}

export async function startTestScheduler(overrides: ConfigOverrides = {}, dataDir?: string): Promise<TestScheduler> {
  const dir = dataDir === undefined ? await tempDir('scheduler-') : null;
  const config = testConfig(dataDir ?? dir?.path ?? '', overrides);
  const scheduler = createScheduler(
    config,
    systemEnvironment({ logger: createLogger({ level: 'silent' }), processMetrics: false }),
  );
  scheduler.start();

  const request: TestScheduler['request'] = (method, path, init = {}) => {
    const headers: Record<string, string> = { 'x-api-key': API_KEY, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return scheduler.app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  };

  return {
    scheduler,
    dataDir: config.dataDir,
    request,
    async createTask(task) {
      const response = await request('POST', '/tasks', { body: task });
      const json = (await response.json()) as Record<string, unknown> & { id: string };
      if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
    async [Symbol.asyncDispose]() {
      await scheduler.close();
      await dir?.[Symbol.asyncDispose]();
    },
  };
}

/** An ISO timestamp `ms` from now. */
export function inMs(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
