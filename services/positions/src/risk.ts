// Loan-to-value, health and liquidation price from amounts, a price and a liquidation threshold.

export interface RiskInputs {
  /** Collateral and debt, both in the debt token's smallest units once the collateral is priced. */
  readonly collateralValueInDebt: number;
  readonly debt: number;
  readonly liquidationThreshold: number;
}

export interface Risk {
  readonly ltv: number | null;
  readonly health: number | null;
}

export function risk({ collateralValueInDebt, debt, liquidationThreshold }: RiskInputs): Risk {
  return {
    ltv: collateralValueInDebt > 0 ? debt / collateralValueInDebt : null,
    health: debt > 0 ? (collateralValueInDebt * liquidationThreshold) / debt : null,
  };
}

/** The price at which health is exactly 1: today's price scaled down by health (price ∝ collateral value). */
export function liquidationPrice(price: number | null, health: number | null): number | null {
  if (price === null || health === null || health === 0) return null;
  return price / health;
}

/** bigint → number in whole units; precise enough for ratios and display, never for accounting. */
export function toUnits(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}
