// bun run bench:scheduler — creation rate, 100k pending tasks (RSS, start-up), firing lateness and delivery rate.
// Prints one JSON object of figures on stdout; progress goes to stderr.

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
    pending: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    burst: { type: 'string', default: '20000' },
    clients: { type: 'string', default: '32' },
  },
});
const PENDING = Number(args.pending);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const BURST = Number(args.burst);
const CLIENTS = Number(args.clients);
const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const ENTRY = `${import.meta.dir}/../src/main.ts`;

const log = (message: string) => process.stderr.write(`[bench:scheduler] ${message}\n`);

function start(dataDir: string): Promise<ServiceProcess> {
  return spawnService({
    entry: ENTRY,
    env: {
      SCHEDULER_API_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SCHEDULER_CONCURRENCY: '64',
      SCHEDULER_DURABILITY: process.env.DUR ?? 'full',
    },
    // Start-up with 100k pending tasks is itself measured; allow plenty.
    startTimeoutMs: 120_000,
    keepLogs: false,
  }).then(async (service) => {
    // `listening` comes first in the log; wait for the level-independent health answer too.
    await waitFor(async () => (await fetch(`${service.url}/healthz`)).ok);
    return service;
  });
}

/** Creates `tasks` with `clients` concurrent keep-alive connections; returns per-request latencies (ms). */
async function createTasks(url: string, tasks: readonly object[], clients: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  let lastReport = performance.now();
  const worker = async () => {
    while (next < tasks.length) {
      const body = JSON.stringify(tasks[next++]);
      const t0 = performance.now();
      const response = await fetch(`${url}/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
      latencies.push(performance.now() - t0);
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        log(`  created ${latencies.length}/${tasks.length}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return latencies;
}

const machine = machineInfo();
log(`machine: ${JSON.stringify(machine)}`);

await using dir = await tempDir('scheduler-bench-');

// 1. Creation rate, filling the store with far-future tasks that stay pending for the rest of the run.
let service = await start(dir.path);
const far = { url: 'http://127.0.0.1:9/never', execute_at: '2099-01-01T00:00:00Z', payload: 'x'.repeat(200) };
log(`creating ${PENDING} pending tasks with ${CLIENTS} keep-alive clients`);
const createStart = performance.now();
const createLatencies = await createTasks(service.url, Array(PENDING).fill(far), CLIENTS);
const createSeconds = (performance.now() - createStart) / 1000;
createLatencies.sort((a, b) => a - b);
const afterCreate = processMemoryMiB(service.pid);

// 2. Restart with them: start-up time and resident memory.
service.kill('SIGTERM');
await service.exited;
const restartBegin = performance.now();
service = await start(dir.path);
const startupMs = performance.now() - restartBegin;
const afterRestart = processMemoryMiB(service.pid);
log(`restarted with ${PENDING} pending in ${round(startupMs)} ms`);

// 3. Lateness: RATE tasks per second come due for SECONDS seconds, while the 100k stay pending.
const arrivals = new Map<string, number>();
const receiver = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const due = Number(request.headers.get('x-due'));
    arrivals.set(request.headers.get('x-scheduler-task-id') ?? '', Math.round(Date.now() - due));
    return new Response('ok');
  },
});
const steady = RATE * SECONDS;
const steadyStart = Date.now() + 3_000 + (steady / 3_000) * 1_000;
const steadyTasks = Array.from({ length: steady }, (_, i) => {
  const due = steadyStart + Math.floor((i * 1000) / RATE);
  return {
    url: `http://127.0.0.1:${receiver.port}/hook`,
    execute_at: new Date(due).toISOString(),
    headers: { 'X-Due': String(due) },
    payload: '{"alert":"bench"}',
  };
});
log(`scheduling ${steady} tasks due at ${RATE}/s over ${SECONDS} s`);
await createTasks(service.url, steadyTasks, CLIENTS);
if (Date.now() > steadyStart) log('warning: creation overran the first due time; lateness includes it');
await waitFor(() => arrivals.size >= steady, { timeoutMs: (SECONDS + 120) * 1000, what: 'steady deliveries' });
const lateness = [...arrivals.values()].sort((a, b) => a - b);

// 4. Sustained delivery rate: BURST tasks due at the same instant, drained as fast as the scheduler can.
arrivals.clear();
const burstDue = Date.now() + 3_000 + (BURST / 3_000) * 1_000;
const burstTasks = Array.from({ length: BURST }, () => ({
  url: `http://127.0.0.1:${receiver.port}/hook`,
  execute_at: new Date(burstDue).toISOString(),
  headers: { 'X-Due': String(burstDue) },
  payload: '{"alert":"bench"}',
}));
log(`scheduling a burst of ${BURST} tasks due at one instant`);
await createTasks(service.url, burstTasks, CLIENTS);
await waitFor(() => arrivals.size >= BURST, { timeoutMs: 300_000, what: 'burst deliveries' });
const burstLateness = [...arrivals.values()].sort((a, b) => a - b);
const drainSeconds = ((burstLateness.at(-1) ?? 0) - (burstLateness[0] ?? 0)) / 1000;
const duringLoad = processMemoryMiB(service.pid);

service.kill('SIGTERM');
await service.exited;
await receiver.stop(true);

console.log(
  JSON.stringify(
    {
      machine,
      create: {
        tasks: PENDING,
        clients: CLIENTS,
        per_second: round(PENDING / createSeconds, 0),
        latency_ms: { p50: round(percentile(createLatencies, 50)), p99: round(percentile(createLatencies, 99)) },
      },
      pending_100k: {
        pending: PENDING,
        rss_mib_after_create: afterCreate.rss,
        startup_ms: round(startupMs, 0),
        rss_mib_after_restart: afterRestart.rss,
        rss_mib_peak_whole_run: duringLoad.peak,
      },
      lateness_ms: {
        rate_per_second: RATE,
        seconds: SECONDS,
        tasks: lateness.length,
        p50: percentile(lateness, 50),
        p99: percentile(lateness, 99),
        max: lateness.at(-1),
      },
      burst: {
        tasks: BURST,
        deliveries_per_second: round(BURST / drainSeconds, 0),
        drain_seconds: round(drainSeconds),
      },
    },
    null,
    2,
  ),
);
