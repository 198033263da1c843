// config/chains.json: the dapp's default contracts and PAIR-QUOTE presets per chain, checked for consistency.

import { expect, test } from 'bun:test';
import { getAddress } from 'viem';

interface ChainConfig {
  chainId: number;
  protocol: string;
  nft: string;
  resolver: string;
  defaultPreset: string;
  presets: { key: string; label: string; nft: string; debt: string }[];
}

const config = (await Bun.file(`${import.meta.dir}/../../../config/chains.json`).json()) as {
  chains: Record<string, ChainConfig>;
};

test.each(Object.entries(config.chains))(
  '%s: checksummed addresses, unique PAIR-QUOTE keys, a default that exists',
  (_name, chain) => {
    for (const address of [chain.nft, chain.resolver, ...chain.presets.flatMap((p) => [p.nft, p.debt])]) {
      expect(getAddress(address) as string).toBe(address);
    }
    const keys = chain.presets.map((preset) => preset.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]+-[A-Z0-9]+(#\d+)?$/);
    expect(keys).toContain(chain.defaultPreset);
    expect(chain.presets.every((preset) => preset.nft === chain.nft)).toBe(true);
  },
);

test('base and arbitrum are there by default, with Fluid’s ETH-USDC vault as their default preset', () => {
  expect(Object.keys(config.chains)).toEqual(['base', 'arbitrum', 'mainnet']);
  expect([config.chains.base?.defaultPreset, config.chains.arbitrum?.defaultPreset]).toEqual(['ETH-USDC', 'ETH-USDC']);
});
