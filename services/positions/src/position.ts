// A lending position as the dapp and the alert monitor see it, whatever protocol holds it.

import type { Address } from 'viem';

/** Where a position lives: its NFT (id) and the contract that holds its debt. */
export interface PositionRef {
  readonly chain: string;
  readonly nft: Address;
  /** The debt contract: a Fluid vault, or the reference RefLending contract. */
  readonly debt: Address;
  readonly id: bigint;
}

/** Token facts the caller knows from its presets; without them only unit-free figures are given. */
export interface TokenInfo {
  readonly symbol: string;
  readonly decimals: number;
}

export type PositionStatus = 'open' | 'supply-only' | 'liquidated' | 'closed';

export interface Position {
  readonly ref: PositionRef;
  readonly protocol: string;
  /** `null` once the position is closed (its NFT burned). */
  readonly owner: Address | null;
  readonly status: PositionStatus;
  /** In the token's smallest units. */
  readonly collateral: bigint;
  readonly debt: bigint;
  /** Share of the collateral's value the debt may reach before liquidation (0.85 = 85 %). */
  readonly liquidationThreshold: number;
  /** Debt ÷ collateral value; `null` without collateral. */
  readonly ltv: number | null;
  /** Collateral value × threshold ÷ debt: below 1 the position can be liquidated; `null` without debt. */
  readonly health: number | null;
  /** Debt per whole collateral unit at which health is 1; `null` without debt or without token decimals. */
  readonly liquidationPrice: number | null;
  /** Debt per whole collateral unit now; `null` without token decimals. */
  readonly price: number | null;
}

/** Reads positions of one protocol. Adapters hold no state between reads. */
export interface PositionAdapter {
  readonly protocol: string;
  read(ref: PositionRef, tokens?: { collateral: TokenInfo; debt: TokenInfo }): Promise<Position>;
}
