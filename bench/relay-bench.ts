// bench:relay: one relay process, a load generator process (bench/relay/load-generator.ts) with N GOOD-profile calls.
// Reports, per step: forwarded datagrams/s (the relay's own counter), loss, one-way latency through the relay, relay
// CPU (share of one core) and resident memory per session; the added latency per jitter setting; call setup time;
// and the largest N with loss below 0.1 %. One JSON object per line, then a summary line.
//
// env: RELAY_BENCH_SECONDS (per step, default 10), RELAY_BENCH_STEPS (call counts, default 25,50,100,200,300,400,500)

import { readFileSync } from 'node:fs';
import { machineInfo, processMemoryMiB, round, tempDir, waitFor } from '@keel/kit/testing';
import { startRelay } from '../services/relay/test/relay-process.ts';
import { udpReceiveDrops } from './relay/udp-drops.ts';

const SECONDS = Number(process.env.RELAY_BENCH_SECONDS ?? 10);
const STEPS = (process.env.RELAY_BENCH_STEPS ?? '25,50,100,200,300,400,500').split(',').map(Number);
const GENERATOR = new URL('./relay/load-generator.ts', import.meta.url).pathname;
const CLOCK_TICKS = 100;

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function forwardedTotal(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^voice_relay_packets_forwarded_total\{[^}]*\} (\d+)/gm)) total += Number(match[1]);
  return total;
}

async function withRelay<T>(
  jitter: number,
  run: (relay: Awaited<ReturnType<typeof startRelay>>, metricsPort: number) => Promise<T>,
): Promise<T> {
  await using home = await tempDir('relay-bench-');
  await Bun.write(
    `${home.path}/relay.toml`,
    `jitter_target_depth = ${jitter}\nmetrics_port = 0\nmax_sessions = 5000\n`,
  );
  await using relay = await startRelay(home.path, ['--config', `${home.path}/relay.toml`]);
  const metricsLine = await waitFor(() => relay.logs.find((l) => l.msg === 'metrics listening'), {
    what: 'the relay metrics port',
  });
  return await run(relay, Number(metricsLine.port));
}

async function activeSessions(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(/^voice_relay_active_sessions (\d+)/m.exec(text)?.[1] ?? 0);
}

async function generate(port: number, fingerprint: string, calls: number, seconds: number, mode = 'media') {
  const child = Bun.spawn({
    cmd: [process.execPath, GENERATOR, String(port), fingerprint, String(calls), String(seconds), mode],
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`load generator exited ${code}: ${err}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
    frames_sent: number;
    frames_received: number;
    loss_pct: number;
    latency_ms: { p50: number; p99: number; max: number };
    call_setup_ms: number;
    client_socket_drops: number;
  };
}

const rows: Record<string, unknown>[] = [];
function emit(row: Record<string, unknown>): void {
  rows.push(row);
  console.log(JSON.stringify(row));
}

// Latency added by the relay's buffer, per setting (10 calls).
for (const jitter of [0, 5, 50]) {
  await withRelay(jitter, async (relay) => {
    const result = await generate(relay.port, relay.fingerprint, 10, SECONDS);
    emit({
      kind: 'latency',
      jitter_target_depth: jitter,
      calls: 10,
      latency_p50_ms: round(result.latency_ms.p50, 2),
      latency_p99_ms: round(result.latency_ms.p99, 2),
      loss_pct: round(result.loss_pct, 3),
      call_setup_ms: round(result.call_setup_ms, 1),
    });
  });
}

// Memory per session: calls set up and keyed, held without media (so the figure is the sessions' state, not the
// garbage a media load leaves between collections), against the relay's RSS before they joined.
const MEMORY_CALLS = 250;
await withRelay(0, async (relay, metricsPort) => {
  await Bun.sleep(500);
  const idleRss = processMemoryMiB(relay.pid).rss;
  const generator = generate(relay.port, relay.fingerprint, MEMORY_CALLS, 8, 'idle');
  await waitFor(async () => (await activeSessions(metricsPort)) === MEMORY_CALLS * 2, {
    what: `${MEMORY_CALLS * 2} sessions`,
    timeoutMs: 60_000,
    intervalMs: 200,
  });
  await Bun.sleep(2_000);
  const rss = processMemoryMiB(relay.pid).rss;
  emit({
    kind: 'memory',
    sessions: MEMORY_CALLS * 2,
    relay_rss_idle_mib: idleRss,
    relay_rss_mib: rss,
    rss_kib_per_session: Math.round(((rss - idleRss) * 1024) / (MEMORY_CALLS * 2)),
  });
  await generator;
});

// Capacity with the buffer off.
let largestClean = 0;
for (const calls of STEPS) {
  const row = await withRelay(0, async (relay, metricsPort) => {
    const idleRss = processMemoryMiB(relay.pid).rss;
    const cpuBefore = cpuSeconds(relay.pid);
    const forwardedBefore = await forwardedTotal(metricsPort);
    const wallBefore = performance.now();
    const relayDropsBefore = udpReceiveDrops([relay.port]);
    const result = await generate(relay.port, relay.fingerprint, calls, SECONDS);
    const wall = (performance.now() - wallBefore) / 1000;
    const forwarded = (await forwardedTotal(metricsPort)) - forwardedBefore;
    return {
      kind: 'capacity',
      calls,
      sessions: calls * 2,
      forwarded_datagrams_per_s: Math.round(forwarded / SECONDS),
      loss_pct: round(result.loss_pct, 3),
      relay_socket_drops: udpReceiveDrops([relay.port]) - relayDropsBefore,
      client_socket_drops: result.client_socket_drops,
      latency_p50_ms: round(result.latency_ms.p50, 2),
      latency_p99_ms: round(result.latency_ms.p99, 2),
      relay_cpu_pct_of_one_core: round((100 * (cpuSeconds(relay.pid) - cpuBefore)) / wall, 1),
      relay_rss_mib: processMemoryMiB(relay.pid).rss,
      relay_rss_idle_mib: idleRss,
    };
  });
  emit(row);
  if (row.loss_pct < 0.1) largestClean = calls;
  else break;
}

console.log(
  JSON.stringify({
    summary: { machine: machineInfo(), seconds_per_step: SECONDS, largest_calls_below_0_1_pct_loss: largestClean },
  }),
);
