// bench:chat: the chat server as a process, the load generator (bench/chat/load-generator.ts) as others.
// Steps: login latency (challenge, verify); one-to-one durable messages/s with recipients on WebSockets; delivered
// messages/s fanned out to a 100-member group; authenticated WebSocket connections held and the server's memory
// per connection. One JSON object per line, then a summary.
//
// env: CHAT_BENCH_SECONDS (per step, default 10), CHAT_BENCH_CONNECTIONS (default 19,000: this machine's
// RLIMIT_NOFILE is 20,000 per process and cannot be raised without CAP_SYS_RESOURCE)

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineInfo, processMemoryMiB, round, spawnService, tempDir } from '@keel/kit/testing';
import { seedUsers } from './chat/seed-users.ts';

const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CHAT_BENCH_CONNECTIONS ?? 19_000);
const GENERATOR = new URL('./chat/load-generator.ts', import.meta.url).pathname;
const ENTRY = new URL('../services/chat/src/main.ts', import.meta.url).pathname;
const CLOCK_TICKS = 100;
/** Sockets per generator process, under its own descriptor limit. */
const SOCKETS_PER_GENERATOR = 9_500;

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function withServer<T>(users: number, run: (url: string, pid: number, usersFile: string) => Promise<T>) {
  await using dir = await tempDir('chat-bench-');
  const usersFile = join(dir.path, 'users.json');
  if (users > 0)
    await Bun.write(usersFile, JSON.stringify(seedUsers(join(dir.path, 'chat.sqlite'), users, Date.now())));
  await using server = await spawnService({
    entry: ENTRY,
    env: {
      DATA_DIR: dir.path,
      CHAT_LOG_LEVEL: 'info',
      CHAT_SEND_BURST: '1000000',
      CHAT_SEND_EVERY: '1ms',
      CHAT_CHALLENGE_BURST: '1000000',
      CHAT_CHALLENGE_EVERY: '1ms',
    },
    keepLogs: false,
    startTimeoutMs: 30_000,
  });
  return await run(server.url, server.pid, usersFile);
}

function generator(args: readonly (string | number)[]) {
  const child = Bun.spawn({
    cmd: [process.execPath, GENERATOR, ...args.map(String)],
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let text = '';
  const done = (async () => {
    for await (const chunk of child.stdout) text += new TextDecoder().decode(chunk);
  })();
  const fail = async (code: number) => {
    throw new Error(`load generator exited ${code}: ${await new Response(child.stderr).text()}`);
  };
  return {
    child,
    /** The first line it prints (the connect mode's `{"ready": n}`). */
    async firstLine<T>(): Promise<T> {
      while (!text.includes('\n')) {
        if (child.exitCode !== null && child.exitCode !== 0) await fail(child.exitCode);
        await Bun.sleep(50);
      }
      return JSON.parse(text.slice(0, text.indexOf('\n'))) as T;
    },
    async result<T>(): Promise<T> {
      const code = await child.exited;
      await done;
      if (code !== 0) await fail(code);
      return JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as T;
    },
  };
}

function emit(row: Record<string, unknown>): void {
  console.log(JSON.stringify(row));
}

// Logins: 1,000 users registered through the API, then challenge + verify one after another.
await withServer(0, async (url) => {
  emit({ kind: 'auth', ...(await generator(['auth', url, 1_000, SECONDS]).result()) });
});

// One to one: 200 senders, 200 recipients on sockets; sent by POST (256 requests in flight) and as socket frames
// (16 in flight per sender).
for (const [transport, inFlight] of [
  ['http', 256],
  ['ws', 16],
] as const) {
  await withServer(400, async (url, pid, usersFile) => {
    const cpu = cpuSeconds(pid);
    const started = performance.now();
    const result = await generator(['direct', url, usersFile, 200, SECONDS, inFlight, transport]).result<
      Record<string, unknown>
    >();
    const wall = (performance.now() - started) / 1000;
    emit({ kind: 'direct', ...result, server_cpu_pct: round((100 * (cpuSeconds(pid) - cpu)) / wall, 1) });
  });
}

// Group fan-out: 100 members on sockets, 10 of them posting (99 copies each), 16 posts in flight.
await withServer(100, async (url, pid, usersFile) => {
  const cpu = cpuSeconds(pid);
  const started = performance.now();
  const result = await generator(['group', url, usersFile, 100, 10, SECONDS, 16]).result<Record<string, unknown>>();
  const wall = (performance.now() - started) / 1000;
  emit({ kind: 'group', ...result, server_cpu_pct: round((100 * (cpuSeconds(pid) - cpu)) / wall, 1) });
});

// Connections held: authenticated sockets from several generator processes, to 127.0.0.1-8 (ephemeral ports are
// per destination address), and the server's RSS before and after.
await withServer(CONNECTIONS, async (url, pid, usersFile) => {
  await Bun.sleep(500);
  const before = processMemoryMiB(pid).rss;
  const started = performance.now();
  const generators: ReturnType<typeof generator>[] = [];
  for (let from = 0; from < CONNECTIONS; from += SOCKETS_PER_GENERATOR) {
    generators.push(
      generator(['connect', url, usersFile, from, Math.min(SOCKETS_PER_GENERATOR, CONNECTIONS - from), 8]),
    );
  }
  // Each prints {"ready": n} once its sockets are open and emptied, then holds them until SIGTERM.
  const readies = await Promise.all(generators.map(async (g) => (await g.firstLine<{ ready: number }>()).ready));
  const open = readies.reduce((a, b) => a + b, 0);
  await Bun.sleep(2_000);
  const after = processMemoryMiB(pid).rss;
  emit({
    kind: 'connections',
    open,
    setup_s: round((performance.now() - started) / 1000, 1),
    server_rss_before_mib: before,
    server_rss_mib: after,
    kib_per_connection: round(((after - before) * 1024) / open, 1),
    projected_50k_mib: Math.round(before + ((after - before) * 50_000) / open),
  });
  for (const g of generators) g.child.kill('SIGTERM');
  await Promise.all(generators.map((g) => g.child.exited));
});

console.log(JSON.stringify({ summary: { machine: machineInfo(), seconds_per_step: SECONDS } }));
