// Token symbols and decimals of a preset, from its `PAIR-QUOTE` key, so amounts and prices read in whole tokens.

import type { TokenInfo } from '@keel/positions';
import type { Protocol } from './runtime-config.ts';

/** Decimals of the tokens the shipped Fluid presets use; an unknown symbol is shown in smallest units. */
const KNOWN_DECIMALS: Readonly<Record<string, number>> = {
  ETH: 18,
  WETH: 18,
  WSTETH: 18,
  WEETH: 18,
  CBETH: 18,
  RSETH: 18,
  METH: 18,
  EZETH: 18,
  OSETH: 18,
  GHO: 18,
  SUSDS: 18,
  SUSDE: 18,
  USDE: 18,
  USDAI: 18,
  WSTUSR: 18,
  ARB: 18,
  PAXG: 18,
  USDTB: 18,
  USDC: 6,
  USDT: 6,
  EURC: 6,
  SYRUPUSDC: 6,
  SYRUPUSDT: 6,
  XAUT: 6,
  WBTC: 8,
  CBBTC: 8,
  LBTC: 8,
  TBTC: 18,
  EBTC: 8,
};

/** RefLending keeps every amount in 18 decimals whatever the pair is called. */
const REFERENCE_DECIMALS = 18;

export interface PresetTokens {
  readonly collateral: { readonly symbol: string; readonly decimals: number | null };
  readonly debt: { readonly symbol: string; readonly decimals: number | null };
}

export function presetTokens(protocol: Protocol, key: string): PresetTokens {
  const [collateral = key, debt = ''] = key.split('-');
  const decimals = (symbol: string) =>
    protocol === 'reference' ? REFERENCE_DECIMALS : (KNOWN_DECIMALS[symbol.toUpperCase()] ?? null);
  return {
    collateral: { symbol: collateral, decimals: decimals(collateral) },
    debt: { symbol: debt, decimals: decimals(debt) },
  };
}

/** What the adapters take for prices, when both decimals are known. */
export function adapterTokens(tokens: PresetTokens): { collateral: TokenInfo; debt: TokenInfo } | undefined {
  const { collateral, debt } = tokens;
  if (collateral.decimals === null || debt.decimals === null) return undefined;
  return {
    collateral: { symbol: collateral.symbol, decimals: collateral.decimals },
    debt: { symbol: debt.symbol, decimals: debt.decimals },
  };
}
