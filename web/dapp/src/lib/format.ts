// Numbers for people: token amounts, percentages and prices.

import { formatUnits } from 'viem';

const GROUPED = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });
/** Prices of 1 and more read best with cents; smaller ones keep their significant digits. */
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole-token amount with its symbol; without decimals the raw smallest-unit count is shown and labelled so. */
export function formatAmount(raw: bigint, decimals: number | null, symbol: string | null): string {
  if (decimals === null) return `${raw.toString()} (smallest units)`;
  const value = Number(formatUnits(raw, decimals));
  const text = value !== 0 && Math.abs(value) < 0.0001 ? '< 0.0001' : GROUPED.format(value);
  return symbol === null ? text : `${text} ${symbol}`;
}

/** A ratio as a percentage with one decimal: 0.4253 → "42.5 %". */
export function formatPercent(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  return `${(ratio * 100).toFixed(1)} %`;
}

/** Debt tokens per one collateral token: "1,412.5 USDC per ETH". */
export function formatPrice(price: number | null, quote: string | null, base: string | null): string {
  if (price === null || !Number.isFinite(price)) return '—';
  const text = Math.abs(price) >= 1 ? CENTS.format(price) : GROUPED.format(price);
  if (quote === null || base === null) return text;
  return `${text} ${quote} per ${base}`;
}
