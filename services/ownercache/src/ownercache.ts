// Assembles the ownership cache: one paced RPC client per network, one index per contract, the answers, the app.

import { join } from 'node:path';
import { createRegistry, type Logger, openDatabase } from '@keel/kit';
import { Counter, Gauge } from 'prom-client';
import { createApp } from './app.ts';
import { ChainReader } from './chain-reader.ts';
import type { OwnercacheConfig } from './config.ts';
import { ContractIndex } from './contract-index.ts';
import { IndexStore } from './index-store.ts';
import { IndexerClient } from './indexer-client.ts';
import { MIGRATIONS } from './migrations.ts';
import { Ownership } from './ownership.ts';
import { RateGovernor } from './rpc/rate-governor.ts';
import { RpcClient } from './rpc/rpc-client.ts';

/** What the cache needs from the outside world; the composition root passes the real ones. */
export interface Environment {
  readonly logger: Logger;
  readonly now: () => number;
  /** Resolves after `ms`, or at once when `signal` aborts (shutdown). */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly fetch: typeof globalThis.fetch;
  readonly processMetrics: boolean;
}

export function systemEnvironment({
  logger,
  processMetrics,
}: {
  logger: Logger;
  processMetrics: boolean;
}): Environment {
  return { logger, now: Date.now, sleep: abortableSleep, random: Math.random, fetch, processMetrics };
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function createOwnercache(config: OwnercacheConfig, env: Environment) {
  const { logger, now } = env;
  // Aborted on close: every wait (backoff, cool-down, poll interval) ends at once and no new request starts.
  const lifetime = new AbortController();
  const sleep = (ms: number) => env.sleep(ms, lifetime.signal);
  const db = openDatabase({
    path: join(config.dataDir, 'ownercache.sqlite'),
    migrations: MIGRATIONS,
    durability: config.durability,
  });
  const store = new IndexStore(db);
  const registry = createRegistry({ service: 'ownercache', processMetrics: env.processMetrics });
  const rpcRequests = new Counter({
    name: 'ownercache_rpc_requests_total',
    help: 'RPC requests by network, method and outcome (ok, rpc-error, throttled, failed)',
    labelNames: ['network', 'method', 'outcome'],
    registers: [registry],
  });
  const tokensGauge = new Gauge({
    name: 'ownercache_index_tokens',
    help: 'Tokens with an owner in each contract index',
    labelNames: ['contract'],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'ownercache_answers_total',
    help: 'Answers by source (cache, chain, indexer, stale)',
    labelNames: ['source'],
    registers: [registry],
  });

  const readers = new Map<string, ChainReader>();
  for (const [network, url] of Object.entries(config.rpcUrls)) {
    const governor = new RateGovernor({
      maxPerSecond: config.rpc.requestsPerSecond,
      maxConcurrency: config.rpc.maxConcurrency,
      now,
      sleep,
      signal: lifetime.signal,
    });
    const rpc = new RpcClient({
      url,
      network,
      governor,
      timeoutMs: config.rpc.timeoutMs,
      fetch: env.fetch,
      sleep,
      signal: lifetime.signal,
      random: env.random,
      now,
      logger,
      requests: rpcRequests,
    });
    readers.set(network, new ChainReader(rpc));
  }

  const indexes = new Map<string, ContractIndex>();
  for (const entry of config.contracts) {
    const reader = readers.get(entry.network);
    if (reader === undefined) throw new Error(`no RPC for ${entry.network}`);
    indexes.set(
      entry.key,
      new ContractIndex({
        entry,
        store,
        reader,
        settings: {
          scanBatch: config.rpc.scanBatch,
          scanConcurrency: config.rpc.maxConcurrency,
          maxLogRange: config.rpc.maxLogRange,
          pollIntervalMs: config.pollIntervalMs,
        },
        now,
        sleep,
        logger: logger.child({ contract: entry.key }),
        tokensGauge,
      }),
    );
  }
  const indexer =
    config.indexer === null
      ? null
      : new IndexerClient(config.indexer, { fetch: env.fetch, timeoutMs: config.rpc.timeoutMs });
  const ownership = new Ownership({
    store,
    indexer,
    ttlMs: config.ttlMs,
    buildWaitMs: config.buildWaitMs,
    now,
    logger,
    answers,
  });
  const app = createApp({ indexes, ownership, store, apiKey: config.apiKey, cors: config.cors, logger, registry, now });

  return {
    app,
    store,
    indexes,
    start(): void {
      for (const index of indexes.values()) index.start();
    },
    /** Stops following the chains (a scan in progress keeps its place) and closes the database. */
    async close(): Promise<void> {
      lifetime.abort();
      await Promise.all([...indexes.values()].map((index) => index.stop()));
      db.close();
    },
  };
}

export type Ownercache = ReturnType<typeof createOwnercache>;
