// The real scheduler and notifier in-process on free loopback ports, and a notifier subscriber.

import { createLogger, systemTimers } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import { createNotifier, readConfig as readNotifierConfig, systemEnvironment } from '@keel/notifier';
import { createScheduler, readConfig as readSchedulerConfig } from '@keel/scheduler';
import { SCHEDULER_KEY } from './test-webapp.ts';

const silent = createLogger({ level: 'silent' });

export async function startScheduler() {
  const dir = await tempDir('scheduler-');
  const config = readSchedulerConfig({
    env: {
      SCHEDULER_API_KEY: SCHEDULER_KEY,
      DATA_DIR: dir.path,
      SCHEDULER_DURABILITY: 'normal',
      // Quick retries keep the outage tests short; the backoff shape is the scheduler's own test.
      SCHEDULER_RETRY_BASE: '100ms',
      SCHEDULER_RETRY_MAX: '1s',
    },
    argv: [],
  });
  const scheduler = createScheduler(config, {
    logger: silent,
    now: Date.now,
    monotonic: () => performance.now(),
    timers: systemTimers,
    fetch,
    random: Math.random,
    newId: () => Bun.randomUUIDv7(),
    processMetrics: false,
  });
  scheduler.app.listen({ port: 0, hostname: '127.0.0.1' });
  scheduler.start();
  const url = `http://127.0.0.1:${scheduler.app.server?.port}`;
  return {
    url,
    /** Pending tasks whose URL contains `fragment`. */
    async pending(fragment: string): Promise<{ id: string; url: string }[]> {
      const response = await fetch(`${url}/tasks?status=pending&limit=1000`, {
        headers: { 'x-api-key': SCHEDULER_KEY },
      });
      const tasks = (await response.json()) as { id: string; url: string }[];
      return tasks.filter((task) => task.url.includes(fragment));
    },
    async [Symbol.asyncDispose]() {
      await scheduler.app.stop(true);
      await scheduler.close();
      await dir[Symbol.asyncDispose]();
    },
  };
}

export async function startNotifier() {
  const dir = await tempDir('notifier-');
  const config = readNotifierConfig({
    env: { DATA_DIR: dir.path, NOTIFIER_DURABILITY: 'normal', NOTIFIER_VISITOR_REQUEST_LIMIT_BURST: '100000' },
    argv: [],
  });
  const notifier = createNotifier(config, systemEnvironment({ logger: silent, processMetrics: false }));
  notifier.app.listen({ port: 0, hostname: '127.0.0.1' });
  notifier.start();
  return {
    url: `http://127.0.0.1:${notifier.app.server?.port}`,
    async [Symbol.asyncDispose]() {
      notifier.endSubscriptions();
      await notifier.app.stop(true);
      await notifier.close();
      await dir[Symbol.asyncDispose]();
    },
  };
}

export interface NtfyMessage {
  readonly id: string;
  readonly event: string;
  readonly time: number;
  readonly title?: string;
  readonly message?: string;
  readonly priority?: number;
  readonly tags?: string[];
  readonly click?: string;
  /** When the subscriber read it, ms since the epoch. */
  readonly receivedAt: number;
}

/** Subscribes to `GET /<topic>/json` and collects every message event as it arrives. */
export async function subscribe(notifierUrl: string, topic: string) {
  const controller = new AbortController();
  const response = await fetch(`${notifierUrl}/${topic}/json`, { signal: controller.signal });
  if (response.body === null) throw new Error('subscription has no body');
  const messages: NtfyMessage[] = [];
  let open = false;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
        const event = JSON.parse(buffered.slice(0, newline)) as NtfyMessage;
        buffered = buffered.slice(newline + 1);
        if (event.event === 'open') open = true;
        if (event.event === 'message') messages.push({ ...event, receivedAt: Date.now() });
      }
    }
  })();
  return {
    messages,
    isOpen: () => open,
    async [Symbol.asyncDispose]() {
      controller.abort();
      await pump;
    },
  };
}
