// Renders the dapp's chains.json for the dev chain: config/chains.json's shape, plus the RPC URL to read it through.

import { type Address, getAddress } from 'viem';

/** The ownership cache's key for RefPositions, as contracts.yaml names it. */
export const REF_POSITIONS_CACHE_KEY = 'ref-positions';

/** The dapp's preset key for the reference protocol's one market. */
export const DEV_PRESET_KEY = 'ETH-USD';

export interface DevChainsOptions {
  /** The key under `chains`; the dev chain stands in for Base (DEV_NETWORK). */
  readonly network: string;
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly refLending: Address;
  readonly refPositions: Address;
}

export interface ChainPreset {
  readonly key: string;
  readonly label: string;
  readonly nft: Address;
  readonly debt: Address;
}

/** One chain as config/chains.json lists it, with `rpc` added. */
export interface ChainEntry {
  readonly chainId: number;
  readonly rpc: string;
  readonly protocol: 'reference';
  readonly nft: Address;
  /** The reference protocol reads positions from RefLending itself; only Fluid has a separate resolver. */
  readonly resolver: null;
  readonly defaultPreset: string;
  readonly presets: readonly ChainPreset[];
  /** The ownership cache's `nft_contract` key for this chain's NFT (contracts.yaml). */
  readonly ownercacheKey: string;
}

export interface ChainsConfig {
  readonly chains: Readonly<Record<string, ChainEntry>>;
  readonly _source: string;
}

/** Addresses checksummed, as in config/chains.json; two-space JSON with a final newline. */
export function renderChainsConfig(options: DevChainsOptions): string {
  const nft = getAddress(options.refPositions);
  const debt = getAddress(options.refLending);
  const config: ChainsConfig = {
    chains: {
      [options.network]: {
        chainId: options.chainId,
        rpc: options.rpcUrl,
        protocol: 'reference',
        nft,
        resolver: null,
        defaultPreset: DEV_PRESET_KEY,
        presets: [{ key: DEV_PRESET_KEY, label: 'Reference ETH / USD (local chain)', nft, debt }],
        ownercacheKey: REF_POSITIONS_CACHE_KEY,
      },
    },
    _source: 'services/devchain dev stack',
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
