import { describe, expect, test } from 'bun:test';
import { parseRuntimeConfig, RuntimeConfigError } from '../src/lib/runtime-config.ts';
import { LENDING, NFT, rawConfig } from './config-fixture.ts';

function problemsOf(value: unknown): readonly string[] {
  try {
    parseRuntimeConfig(value);
  } catch (error) {
    if (error instanceof RuntimeConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseRuntimeConfig', () => {
  test('accepts the shape the web app server writes', () => {
    expect(parseRuntimeConfig(rawConfig())).toEqual({
      walletProjectId: null,
      enableMainnet: false,
      notifierUrl: '/notifier',
      schedulerUrl: '/scheduler',
      ownercacheUrl: '/ownercache',
      schedulerApiKey: 'sched-key',
      ownercacheApiKey: 'cache-key',
      notifierUrlForScheduler: 'http://notifier:80',
      chains: {
        base: {
          chainId: 31337,
          rpc: 'http://127.0.0.1:8545',
          protocol: 'reference',
          nft: NFT,
          resolver: null,
          defaultPreset: 'ETH-USD',
          presets: [{ key: 'ETH-USD', label: 'ETH / USD', nft: NFT, debt: LENDING }],
          ownercacheKey: 'ref-positions',
        },
      },
    });
  });

  test('treats empty optional strings as not set', () => {
    const config = parseRuntimeConfig({ ...rawConfig(), walletProjectId: '', schedulerApiKey: '' });
    expect([config.walletProjectId, config.schedulerApiKey]).toEqual([null, null]);
  });

  test('rejects a missing config with one clear problem', () => {
    expect(problemsOf(undefined)).toEqual(['window.__KEEL_CONFIG__ is missing or not an object']);
  });

  test('lists every problem at once', () => {
    const raw = rawConfig();
    const base = (raw.chains as Record<string, Record<string, unknown>>).base as Record<string, unknown>;
    expect(
      problemsOf({
        ...raw,
        notifierUrl: '',
        enableMainnet: 'yes',
        chains: { base: { ...base, protocol: 'aave', nft: '0x12', defaultPreset: 'BTC-USD' } },
      }),
    ).toEqual([
      'enableMainnet must be true or false',
      "chains.base.protocol must be 'fluid' or 'reference'",
      "chains.base.defaultPreset 'BTC-USD' is not one of its presets",
      'chains.base.nft must be a 0x-prefixed 20-byte address',
      'notifierUrl must be a non-empty string',
    ]);
  });

  test('requires a resolver for a Fluid chain', () => {
    const raw = rawConfig();
    const base = (raw.chains as Record<string, Record<string, unknown>>).base as Record<string, unknown>;
    expect(problemsOf({ ...raw, chains: { base: { ...base, protocol: 'fluid' } } })).toEqual([
      'chains.base.resolver is required for Fluid',
    ]);
  });

  test('requires at least one chain', () => {
    expect(problemsOf({ ...rawConfig(), chains: {} })).toEqual(['chains must name at least one chain']);
  });
});
