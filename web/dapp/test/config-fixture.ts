// A valid runtime configuration as /config.js would set it, for the tests to start from.

import type { RuntimeConfig } from '../src/lib/runtime-config.ts';

export const NFT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const LENDING = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export function rawConfig(): Record<string, unknown> {
  return {
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
  };
}

export function config(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return { ...(rawConfig() as unknown as RuntimeConfig), ...overrides };
}
