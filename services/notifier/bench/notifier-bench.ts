// bun run bench:notifier — publish rate with 1/100/1,000 subscribers (SSE, JSON stream, WebSocket),
// delivery latency to 1,000 subscribers, memory per idle subscriber. One JSON object on stdout.

import { parseArgs } from 'node:util';
import {
  machineInfo,
  percentile,
  processMemoryMiB,
  round,
  type ServiceProcess,
  spawnService,
  tempDir,
  waitFor,
} from '@keel/kit/testing';

const { values: args } = parseArgs({
  options: {
    idle: { type: 'string', default: '10000' },
    'latency-subscribers': { type: 'string', default: '1000' },
    publishers: { type: 'string', default: '32' },
  },
});
const IDLE = Number(args.idle);
const LATENCY_SUBSCRIBERS = Number(args['latency-subscribers']);
const PUBLISHERS = Number(args.publishers);
const log = (message: string) => process.stderr.write(`[bench:notifier] ${message}\n`);

type Format = 'json' | 'sse' | 'ws';
const FORMATS: readonly Format[] = ['json', 'sse', 'ws'];

interface Subscriber {
  /** Latency (ms) of each message received: receive time minus the send time carried in the message. */
  readonly latencies: number[];
  readonly opened: Promise<void>;
  close(): void;
}

/** Message bodies carry their send time, so a subscriber in this process measures delivery latency. */
function recordMessages(text: string, latencies: number[]): void {
  for (const match of text.matchAll(/"message":"sent (\d+(?:\.\d+)?)"/g)) {
    latencies.push(performance.now() - Number(match[1]));
  }
}

function subscribe(url: string, topic: string, format: Format): Subscriber {
  const latencies: number[] = [];
  const opened = Promise.withResolvers<void>();
  if (format === 'ws') {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/${topic}/ws`);
    socket.onmessage = (event) => {
      const text = String(event.data);
      if (text.includes('"event":"open"')) opened.resolve();
      else recordMessages(text, latencies);
    };
    socket.onerror = () => opened.reject(new Error('websocket failed'));
    return { latencies, opened: opened.promise, close: () => socket.close() };
  }
  const abort = new AbortController();
  void (async () => {
    const response = await fetch(`${url}/${topic}/${format}`, { signal: abort.signal });
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body ?? []) {
      pending += decoder.decode(chunk, { stream: true });
      const cut = pending.lastIndexOf('\n');
      if (cut === -1) continue;
      const complete = pending.slice(0, cut);
      pending = pending.slice(cut + 1);
      if (complete.includes('"event":"open"')) opened.resolve();
      recordMessages(complete, latencies);
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) opened.reject(error);
  });
  return { latencies, opened: opened.promise, close: () => abort.abort() };
}

async function openSubscribers(url: string, topic: string, count: number, formats: readonly Format[]) {
  const subscribers: Subscriber[] = [];
  for (let i = 0; i < count; i++) {
    subscribers.push(subscribe(url, topic, formats[i % formats.length] ?? 'json'));
    // Open in batches so the listen backlog never overflows.
    if (i % 200 === 199) await Promise.all(subscribers.slice(-200).map((s) => s.opened));
  }
  await Promise.all(subscribers.map((s) => s.opened));
  return subscribers;
}

async function publish(url: string, topic: string, body: string): Promise<void> {
  const response = await fetch(`${url}/${topic}`, { method: 'POST', body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`publish answered ${response.status}`);
}

/** Publishes `count` messages from `PUBLISHERS` concurrent keep-alive clients; returns publishes per second. */
async function publishFlat(url: string, topic: string, count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next++ < count) await publish(url, topic, `sent ${performance.now()}`);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function throughput(
  url: string,
  label: string,
  subscriberCount: number,
  formats: readonly Format[],
  messages: number,
) {
  const topic = `tp${label.replace(/[^a-z0-9]/gi, '')}`;
  const subscribers = await openSubscribers(url, topic, subscriberCount, formats);
  const started = performance.now();
  const perSecond = await publishFlat(url, topic, messages);
  await waitFor(() => subscribers.every((s) => s.latencies.length >= messages), {
    timeoutMs: 300_000,
    what: `${label}: every subscriber to receive every message`,
  });
  const deliveredIn = (performance.now() - started) / 1000;
  for (const s of subscribers) s.close();
  const result = {
    subscribers: subscriberCount,
    formats: formats.join('+'),
    messages,
    publishes_per_second: round(perSecond, 0),
    deliveries_per_second: round((messages * subscriberCount) / deliveredIn, 0),
  };
  log(`${label}: ${JSON.stringify(result)}`);
  return result;
}

const machine = machineInfo();
log(`machine: ${JSON.stringify(machine)}`);
await using dir = await tempDir('notifier-bench-');
const startNotifier = (): Promise<ServiceProcess> =>
  spawnService({
    entry: `${import.meta.dir}/../src/main.ts`,
    env: {
      DATA_DIR: dir.path,
      LOG_LEVEL: 'info',
      NOTIFIER_VISITOR_REQUEST_LIMIT_EXEMPT_HOSTS: '127.0.0.1',
      NOTIFIER_VISITOR_SUBSCRIPTION_LIMIT: '1000000',
    },
    keepLogs: false,
  });
let service = await startNotifier();
const url = service.url;

// 1. Publish rate with 1, 100 and 1,000 subscribers.
const rates = [];
for (const format of FORMATS) rates.push(await throughput(url, `1 ${format}`, 1, [format], 20_000));
rates.push(await throughput(url, '100 mixed', 100, FORMATS, 5_000));
rates.push(await throughput(url, '1000 mixed', 1_000, FORMATS, 1_000));

// 2. Delivery latency to 1,000 subscribers at a steady 20 messages per second.
const listeners = await openSubscribers(url, 'latency', LATENCY_SUBSCRIBERS, FORMATS);
for (let i = 0; i < 200; i++) {
  await publish(url, 'latency', `sent ${performance.now()}`);
  await Bun.sleep(50);
}
await waitFor(() => listeners.every((s) => s.latencies.length >= 200), { timeoutMs: 60_000, what: 'latency run' });
const latencies = listeners.flatMap((s) => s.latencies).sort((a, b) => a - b);
for (const s of listeners) s.close();
log(`latency: ${latencies.length} deliveries`);

// 3. Memory per idle subscriber, on a fresh process.
service.kill('SIGTERM');
await service.exited;
service = await startNotifier();
await Bun.sleep(500);
const baseline = processMemoryMiB(service.pid);
const idle = await openSubscribers(service.url, 'idle', IDLE, FORMATS);
await Bun.sleep(1_000);
const loaded = processMemoryMiB(service.pid);
log(`idle: ${IDLE} subscribers open`);
for (const s of idle) s.close();
service.kill('SIGTERM');
await service.exited;

console.log(
  JSON.stringify(
    {
      machine,
      publish_rate: rates,
      latency_ms: {
        subscribers: LATENCY_SUBSCRIBERS,
        formats: FORMATS.join('+'),
        messages: 200,
        deliveries: latencies.length,
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? Number.NaN),
      },
      idle_subscribers: {
        count: IDLE,
        formats: FORMATS.join('+'),
        rss_mib_before: baseline.rss,
        rss_mib_with_subscribers: loaded.rss,
        kib_per_subscriber: round(((loaded.rss - baseline.rss) * 1024) / IDLE, 1),
      },
    },
    null,
    2,
  ),
);
