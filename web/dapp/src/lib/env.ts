// Everything the dapp takes from its surroundings (config, network, chain, clock, storage, wallets), as one interface.

import type { Position, PositionRef, TokenInfo } from '@keel/positions';
import type { Address } from 'viem';
import type { RuntimeConfig } from './runtime-config.ts';
import type { WalletConnectSession } from './wallet-connect.ts';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The RPC edge: reads go to the chain's `rpc` from the runtime config. */
export interface ChainAccess {
  readPosition(chain: string, ref: PositionRef, tokens?: { collateral: TokenInfo; debt: TokenInfo }): Promise<Position>;
  /** Token ids of the chain's position NFT held by `owner`, read from the chain itself (no cache). */
  ownedIdsOnChain(chain: string, owner: Address): Promise<bigint[]>;
}

export interface DappEnv {
  readonly config: RuntimeConfig;
  /** The page's origin (`https://host`), for WalletConnect's metadata. */
  readonly origin: string;
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
  readonly storage: KeyValueStorage;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /** Where EIP-6963 announcements travel (the window). */
  readonly walletEvents: EventTarget;
  /** `window.ethereum` when a wallet injects one without announcing itself; `null` otherwise. */
  readonly legacyProvider: unknown;
  readonly chain: ChainAccess;
  /** `null` without a wallet project id; otherwise opens AppKit's WalletConnect modal. */
  readonly walletConnect: ((onAccount: (address: Address | null) => void) => Promise<WalletConnectSession>) | null;
}
