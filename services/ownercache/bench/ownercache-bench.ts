// bun run bench:ownercache — cold index build of a 10,000-token contract on anvil (wall time, RPC requests),
// warm answers (requests/s, p50/p99 with wrk), and time from a mined Transfer to an answer that reflects it.

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ANVIL_ACCOUNTS, deployTestPositions, ensureMulticall3, startAnvil } from '@keel/devchain';
import { machineInfo, percentile, round, spawnService, tempDir, waitFor } from '@keel/kit/testing';
import { getAddress } from 'viem';

const { values: args } = parseArgs({
  options: {
    tokens: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    transfers: { type: 'string', default: '20' },
  },
});
const TOKENS = Number(args.tokens);
const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const log = (message: string) => process.stderr.write(`[bench:ownercache] ${message}\n`);
const wallets = ANVIL_ACCOUNTS.slice(1, 5).map((account) => getAddress(account.address));
/** A typical holder: a handful of positions. The warm benchmark asks for this wallet. */
const holder = getAddress(ANVIL_ACCOUNTS[5]?.address ?? '');
const HOLDER_TOKENS = 5;

const machine = machineInfo();
log(`machine: ${JSON.stringify(machine)}`);
await using dir = await tempDir('ownercache-bench-');
await using anvil = await startAnvil();
await ensureMulticall3(anvil.rpcUrl);
const positions = await deployTestPositions(anvil.rpcUrl);
log(`minting ${TOKENS} tokens: ${HOLDER_TOKENS} to one holder, the rest to ${wallets.length} large wallets`);
const bulk = TOKENS - HOLDER_TOKENS;
const perWallet = Math.ceil(bulk / wallets.length);
for (const [i, wallet] of wallets.entries()) {
  const first = i * perWallet + 1;
  await positions.mintRange(wallet, BigInt(first), Math.min(perWallet, bulk - first + 1));
}
await positions.mintRange(holder, BigInt(bulk + 1), HOLDER_TOKENS);

// Every request the cache makes goes through this counter on its way to anvil.
const requests: { at: number; method: string }[] = [];
const proxy = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.text();
    const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
    for (const call of Array.isArray(parsed) ? parsed : [parsed])
      requests.push({ at: Date.now(), method: call.method ?? '?' });
    const upstream = await fetch(anvil.rpcUrl, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    return new Response(await upstream.text(), { headers: { 'content-type': 'application/json' } });
  },
});
const configPath = join(dir.path, 'contracts.yaml');
await Bun.write(
  configPath,
  `contracts:\n  positions:\n    network: base\n    address: "${positions.address}"\n    max_token_id: "${TOKENS}"\n`,
);

/** `keepLogs: false` once the log is not needed: parsing 20,000 access-log lines a second would load this process. */
async function startCache(pollInterval: string, keepLogs = false) {
  return spawnService({
    keepLogs,
    entry: `${import.meta.dir}/../src/main.ts`,
    env: {
      OWNERCACHE_API_KEY: KEY,
      OWNERCACHE_CONFIG: configPath,
      BASE_RPC_URL: `http://127.0.0.1:${proxy.port}`,
      DATA_DIR: join(dir.path, `data-${pollInterval}`),
      OWNERCACHE_POLL_INTERVAL: pollInterval,
      // The local chain has no provider limit; the default 25/s would pace the 11 scan requests.
      OWNERCACHE_RPC_RPS: '1000',
      LOG_LEVEL: 'info',
    },
  });
}

// 1. Cold build.
requests.length = 0;
const started = Date.now();
const builder = await startCache('2s', true);
const finished = await waitFor(() => builder.logs.find((line) => line.msg === 'index build finished'), {
  timeoutMs: 120_000,
  what: 'the index build',
});
const finishedAt = Date.parse(String(finished.time));
// Strictly before the log line: the first follow-up request can arrive in the same millisecond.
const buildRequests = requests.filter((request) => request.at < finishedAt);
const build = {
  tokens: TOKENS,
  wall_ms_from_process_start: finishedAt - started,
  build_seconds_logged: finished.seconds,
  rpc_requests: buildRequests.length,
  by_method: Object.fromEntries(
    [...new Set(buildRequests.map((r) => r.method))].map((method) => [
      method,
      buildRequests.filter((r) => r.method === method).length,
    ]),
  ),
};
log(`cold build: ${JSON.stringify(build)}`);

builder.kill('SIGTERM');
await builder.exited;

// 2. Warm answers with wrk (Debian's package, installed by scripts/setup), from the persisted index.
const cache = await startCache('2s');
const url = `${cache.url}/nfts?network=base&nft_contract=positions&user_wallet=${holder}`;
const check = await fetch(url, { headers: { 'x-api-key': KEY } });
const answer = (await check.json()) as { token_ids: string[]; source: string };
log(`warm answer: ${answer.token_ids.length} tokens from ${answer.source}`);
/** Runs wrk against the warm cache; with `paceMs`, each connection waits that long between requests. */
async function runWrk(connections: number, paceMs: number | null) {
  const cmd = ['wrk', '-t1', `-c${connections}`, `-d${args.seconds}s`, '--latency', '-H', `X-API-Key: ${KEY}`];
  if (paceMs !== null) {
    const script = join(dir.path, 'pace.lua');
    await Bun.write(script, `function delay() return ${paceMs} end\n`);
    cmd.push('-s', script);
  }
  const out = Bun.spawnSync({ cmd: [...cmd, url], stdout: 'pipe' }).stdout.toString();
  const toMs = (text: string | undefined) => {
    const match = /([\d.]+)(us|ms|s)\b/.exec(text ?? '');
    const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
    return match === null ? Number.NaN : Number(match[1]) * (unit[match[2] ?? 'ms'] ?? Number.NaN);
  };
  return {
    connections,
    pace_ms: paceMs,
    seconds: Number(args.seconds),
    requests_per_second: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])),
    p50_ms: round(toMs(/50%\s+(\S+)/.exec(out)?.[1])),
    p99_ms: round(toMs(/99%\s+(\S+)/.exec(out)?.[1])),
    non_2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}
const warm = {
  tokens_per_answer: answer.token_ids.length,
  saturated: await runWrk(8, null),
  paced: await runWrk(16, 1),
};
log(`warm: ${JSON.stringify(warm)}`);
cache.kill('SIGTERM');
await cache.exited;

// 3. Transfer mined → answer reflects it, at the default poll interval and a short one.
async function transferLatency(pollInterval: string, intervalMs: number) {
  const service = await startCache(pollInterval);
  await waitFor(
    async () =>
      (await fetch(`${service.url}/status`).then((r) => r.json() as Promise<{ contracts: { state: string }[] }>))
        .contracts[0]?.state === 'ready',
    {
      timeoutMs: 120_000,
      what: 'the index to be ready',
    },
  );
  const [from, to] = wallets as [`0x${string}`, `0x${string}`];
  const latencies: number[] = [];
  for (let i = 0; i < Number(args.transfers); i++) {
    const id = BigInt(i + 1 + (pollInterval === '2s' ? 0 : 100));
    const query = `${service.url}/nfts?network=base&nft_contract=positions&user_wallet=${to}`;
    // Transfers arrive at random points of the poll cycle, as they do in life (right after a detection, every
    // transfer would wait a whole interval).
    await Bun.sleep(Math.random() * intervalMs);
    await positions.transfer(from, to, id);
    const mined = performance.now();
    await waitFor(
      async () =>
        (
          (await (await fetch(query, { headers: { 'x-api-key': KEY } })).json()) as { token_ids: string[] }
        ).token_ids.includes(String(id)),
      { intervalMs: 5, timeoutMs: 30_000 },
    );
    latencies.push(performance.now() - mined);
  }
  service.kill('SIGTERM');
  await service.exited;
  latencies.sort((a, b) => a - b);
  return {
    poll_interval: pollInterval,
    transfers: latencies.length,
    p50_ms: round(percentile(latencies, 50)),
    max_ms: round(latencies.at(-1) ?? 0),
  };
}
const freshness = [await transferLatency('2s', 2_000), await transferLatency('250ms', 250)];
log(`freshness: ${JSON.stringify(freshness)}`);
await proxy.stop(true);

console.log(JSON.stringify({ machine, cold_build: build, warm_answers: warm, transfer_to_answer: freshness }, null, 2));
