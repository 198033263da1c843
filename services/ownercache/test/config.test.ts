import { expect, test } from 'bun:test';
import { join } from 'node:path';
import type { ConfigError } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import { readConfig } from '../src/config.ts';

const KEY = 'a3f1c9e07b2d4c86a1e5f0b9d7c3e2a4f6b8d0c2e4a6b8d0c2e4f6a8b0d2e4f6';
const YAML = `contracts:
  fluid-base:
    network: base
    address: "0x324c5Dc1fC42c7a4D43d92df1eBA58a54d13Bf2d"
    max_token_id: "12000"
`;

async function withFile(text: string, run: (path: string) => void | Promise<void>) {
  await using dir = await tempDir();
  const path = join(dir.path, 'contracts.yaml');
  await Bun.write(path, text);
  await run(path);
}

test('reads the contracts file, the RPC of each network in use and the documented defaults', async () => {
  await withFile(YAML, (path) => {
    const config = readConfig({
      env: {
        OWNERCACHE_API_KEY: KEY,
        OWNERCACHE_CONFIG: path,
        BASE_RPC_URL: 'https://mainnet.base.org',
        OWNERCACHE_TTL: '1h30m',
      },
      argv: [],
    });
    expect(config).toMatchObject({
      port: 8090,
      dataDir: './data/ownercache',
      contracts: [{ key: 'fluid-base', network: 'base', maxTokenId: 12_000n }],
      rpcUrls: { base: 'https://mainnet.base.org' },
      ttlMs: 5_400_000,
      pollIntervalMs: 2_000,
      rpc: { requestsPerSecond: 25, maxConcurrency: 4, scanBatch: 1_000, maxLogRange: 2_000 },
      indexer: null,
    });
  });
});

test('names every problem: missing key, missing RPC for a network in use, half an indexer', async () => {
  await withFile(YAML, (path) => {
    let problems: readonly string[] = [];
    try {
      readConfig({ env: { OWNERCACHE_CONFIG: path, OWNERCACHE_INDEXER_URL: 'https://x.example/{key}' }, argv: [] });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.join('\n')).toContain('OWNERCACHE_API_KEY');
  });
  await withFile(YAML, (path) => {
    let problems: readonly string[] = [];
    try {
      readConfig({ env: { OWNERCACHE_API_KEY: KEY, OWNERCACHE_CONFIG: path, OWNERCACHE_INDEXER_KEY: 'k' }, argv: [] });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      "BASE_RPC_URL: required by contract 'fluid-base' on base",
      'OWNERCACHE_INDEXER_URL and OWNERCACHE_INDEXER_KEY: set both or neither',
    ]);
  });
});

test.each([
  ['a missing file', { OWNERCACHE_CONFIG: '/nonexistent/contracts.yaml' }, 'cannot read /nonexistent/contracts.yaml'],
  ['no contracts file at all', { OWNERCACHE_CONFIG: undefined }, 'OWNERCACHE_CONFIG: required'],
  ['a TTL that is not a duration', { OWNERCACHE_TTL: 'a day' }, 'OWNERCACHE_TTL'],
  ['a bad RPC URL', { BASE_RPC_URL: 'mainnet.base.org' }, 'BASE_RPC_URL'],
  ['a zero RPC rate', { OWNERCACHE_RPC_RPS: '0' }, 'OWNERCACHE_RPC_RPS'],
])('refuses %s', async (_name, env, message) => {
  await withFile(YAML, (path) => {
    expect(() =>
      readConfig({
        env: { OWNERCACHE_API_KEY: KEY, OWNERCACHE_CONFIG: path, BASE_RPC_URL: 'http://x', ...env },
        argv: [],
      }),
    ).toThrow(message);
  });
});
