// Settings from the environment and the chains file: defaults, RPC precedence, mainnet gating, every problem listed.

import { expect, test } from 'bun:test';
import { ConfigError } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import { readConfig } from '../src/config.ts';

const KEYS = { SCHEDULER_API_KEY: 'scheduler-key', WEBAPP_TASK_KEY: 'task-key' };
const read = (env: Record<string, string>) => readConfig({ env: { ...KEYS, ...env }, argv: [] });

const preset = (key: string) => ({
  key,
  label: key,
  nft: '0x1111111111111111111111111111111111111111',
  debt: '0x2222222222222222222222222222222222222222',
});
const chain = (extra: Record<string, unknown> = {}) => ({
  chainId: 1,
  protocol: 'reference',
  nft: '0x1111111111111111111111111111111111111111',
  resolver: null,
  defaultPreset: 'ETH-USD',
  presets: [preset('ETH-USD')],
  ownercacheKey: null,
  ...extra,
});

test('defaults: the repository chains file (base and arbitrum, mainnet off) read through public RPCs', () => {
  const config = read({});
  expect(Object.keys(config.chains)).toEqual(['base', 'arbitrum']);
  expect([config.chains.base?.rpc, config.chains.arbitrum?.rpc]).toEqual([
    'https://mainnet.base.org',
    'https://arb1.arbitrum.io/rpc',
  ]);
  expect(config).toMatchObject({
    port: 3000,
    dataDir: './data/webapp',
    notifierUrl: 'http://127.0.0.1:8081',
    schedulerUrl: 'http://127.0.0.1:8082',
    publicUrl: 'http://127.0.0.1:3000',
    linkBase: 'http://localhost:8080',
    checkIntervalMs: 4_000,
    public: {
      walletProjectId: null,
      enableMainnet: false,
      notifierUrl: '/notifier',
      schedulerUrl: '/scheduler',
      ownercacheUrl: '/ownercache',
      schedulerApiKey: null,
      ownercacheApiKey: null,
    },
  });
  expect(config.webRoot.endsWith('/web/dapp/dist')).toBe(true);
});

test('PUBLIC_ENABLE_MAINNET=true keeps mainnet, with its own RPC override', () => {
  const config = read({ PUBLIC_ENABLE_MAINNET: 'true', PUBLIC_RPC_MAINNET: 'https://eth.example' });
  expect(Object.keys(config.chains)).toEqual(['base', 'arbitrum', 'mainnet']);
  expect(config.chains.mainnet?.rpc).toBe('https://eth.example');
});

test("the file's rpc is used, and PUBLIC_RPC_<CHAIN> overrides it", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/chains.json`;
  await Bun.write(path, JSON.stringify({ chains: { base: chain({ rpc: 'http://127.0.0.1:8545' }) } }));
  expect(read({ WEBAPP_CHAINS_CONFIG: path }).chains.base?.rpc).toBe('http://127.0.0.1:8545');
  expect(read({ WEBAPP_CHAINS_CONFIG: path, PUBLIC_RPC_BASE: 'https://b.example' }).chains.base?.rpc).toBe(
    'https://b.example',
  );
});

test('every problem is listed at once: keys, URLs, the mainnet switch, the chains file', async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/chains.json`;
  await Bun.write(path, JSON.stringify({ chains: { base: chain({ defaultPreset: 'NOPE', nft: '0x12' }) } }));
  let error: unknown;
  try {
    readConfig({
      env: { WEBAPP_CHAINS_CONFIG: path, PUBLIC_ENABLE_MAINNET: 'yes', WEBAPP_NOTIFIER_URL: '/notifier' },
      argv: [],
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join('\n');
  for (const expected of [
    'chains.base.nft must be a 0x-prefixed 20-byte address',
    'chains.base.defaultPreset NOPE is not one of its presets',
    "PUBLIC_ENABLE_MAINNET: 'yes' is neither true nor false",
    "WEBAPP_NOTIFIER_URL: '/notifier' is not an absolute URL",
    'SCHEDULER_API_KEY: required',
    'WEBAPP_TASK_KEY: required',
  ]) {
    expect(problems).toContain(expected);
  }
});

test('production refuses placeholder keys', () => {
  expect(() => read({ NODE_ENV: 'production', WEBAPP_TASK_KEY: 'changeme-changeme-changeme-changeme' })).toThrow(
    /WEBAPP_TASK_KEY/,
  );
});
