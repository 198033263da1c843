// The ownership cache in-process on a temp SQLite file, listening on a free port, against a real chain.

import { createLogger } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import type { OwnercacheConfig } from '../../src/config.ts';
import type { ContractEntry } from '../../src/contracts-file.ts';
import { createOwnercache, type Ownercache, systemEnvironment } from '../../src/ownercache.ts';

export const API_KEY = 'ownercache-test-key-0123456789abcdef0123';

export type ConfigOverrides = Partial<Omit<OwnercacheConfig, 'rpc'>> & { rpc?: Partial<OwnercacheConfig['rpc']> };

export function testConfig(
  dataDir: string,
  contracts: readonly ContractEntry[],
  rpcUrl: string,
  overrides: ConfigOverrides = {},
): OwnercacheConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'silent',
    durability: 'normal',
    apiKey: API_KEY,
    cors: null,
    contracts,
    rpcUrls: { base: rpcUrl },
    ttlMs: 3_600_000,
    // Fast polling keeps tests that wait for a transfer short; the default is 2 s.
    pollIntervalMs: 100,
    buildWaitMs: 10_000,
    indexer: null,
    ...overrides,
    rpc: {
      requestsPerSecond: 1_000,
      maxConcurrency: 4,
      timeoutMs: 5_000,
      scanBatch: 1_000,
      maxLogRange: 2_000,
      ...overrides.rpc,
    },
  };
}

export interface TestOwnercache extends AsyncDisposable {
  readonly cache: Ownercache;
  readonly url: string;
  readonly dataDir: string;
  /** GET /nfts with the API key; returns status and JSON. */
  nfts(
    query: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }>;
}

export async function startTestOwnercache(
  contracts: readonly ContractEntry[],
  rpcUrl: string,
  overrides: ConfigOverrides = {},
  dataDir?: string,
): Promise<TestOwnercache> {
  const dir = dataDir === undefined ? await tempDir('ownercache-') : null;
  const config = testConfig(dataDir ?? dir?.path ?? '', contracts, rpcUrl, overrides);
  const cache = createOwnercache(
    config,
    systemEnvironment({ logger: createLogger({ level: 'silent' }), processMetrics: false }),
  );
  cache.app.listen({ port: 0, hostname: '127.0.0.1' });
  cache.start();
  const url = `http://127.0.0.1:${cache.app.server?.port}`;
  return {
    cache,
    url,
    dataDir: config.dataDir,
    async nfts(query, headers = {}) {
      const response = await fetch(`${url}/nfts?${new URLSearchParams(query)}`, {
        headers: { 'x-api-key': API_KEY, ...headers },
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as Record<string, unknown>,
      };
    },
    async [Symbol.asyncDispose]() {
      await cache.app.stop(true);
      await cache.close();
      await dir?.[Symbol.asyncDispose]();
    },
  };
}
