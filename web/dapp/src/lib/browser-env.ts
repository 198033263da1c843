// The real environment: the configuration from /config.js, fetch, localStorage, the clock, wallets and RPC over HTTP.

import { fluidAdapter, type PositionAdapter, referenceAdapter } from '@keel/positions';
import { createPublicClient, http, type PublicClient } from 'viem';
import { ownedIdsOnChain } from './chain-ids.ts';
import type { ChainAccess, DappEnv, KeyValueStorage } from './env.ts';
import type { ChainConfig, RuntimeConfig } from './runtime-config.ts';

export function createBrowserEnv(window: Window & typeof globalThis, config: RuntimeConfig): DappEnv {
  return {
    config,
    origin: window.location.origin,
    fetch: (url, init) => window.fetch(url, init),
    storage: browserStorage(window),
    now: () => Date.now(),
    walletEvents: window,
    legacyProvider: (window as { ethereum?: unknown }).ethereum ?? null,
    chain: httpChainAccess(config),
    walletConnect:
      config.walletProjectId === null
        ? null
        : async (onAccount) => {
            // AppKit and WalletConnect are large: fetched only when the user asks for them.
            const { connectWalletConnect } = await import('./wallet-connect.ts');
            return connectWalletConnect({
              projectId: config.walletProjectId ?? '',
              chains: config.chains,
              origin: window.location.origin,
              onAccount,
            });
          },
  };
}

function httpChainAccess(config: RuntimeConfig): ChainAccess {
  const clients = new Map<string, PublicClient>();
  const adapters = new Map<string, PositionAdapter>();
  const chainConfig = (chain: string): ChainConfig => {
    const found = config.chains[chain];
    if (found === undefined) throw new Error(`The chain “${chain}” is not configured.`);
    return found;
  };
  const adapter = (chain: string): PositionAdapter => {
    let known = adapters.get(chain);
    if (known === undefined) {
      const { protocol, rpc, resolver } = chainConfig(chain);
      if (protocol === 'fluid' && resolver === null) throw new Error(`No Fluid resolver is configured for ${chain}.`);
      known =
        protocol === 'fluid' && resolver !== null
          ? fluidAdapter({ rpcUrl: rpc, resolver })
          : referenceAdapter({ rpcUrl: rpc });
      adapters.set(chain, known);
    }
    return known;
  };
  const client = (chain: string): PublicClient => {
    let known = clients.get(chain);
    if (known === undefined) {
      known = createPublicClient({ transport: http(chainConfig(chain).rpc) });
      clients.set(chain, known);
    }
    return known;
  };
  return {
    readPosition: (chain, ref, tokens) => adapter(chain).read(ref, tokens),
    ownedIdsOnChain: (chain, owner) => ownedIdsOnChain(client(chain), chainConfig(chain), owner),
  };
}

/** localStorage, or a map for this page's life when the browser refuses it (private modes, disabled storage). */
function browserStorage(window: Window): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('probe');
    return storage;
  } catch (error) {
    console.warn('localStorage unavailable; settings last until the page closes', error);
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => memory.set(key, value),
      removeItem: (key) => memory.delete(key),
    };
  }
}
