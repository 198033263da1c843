import { expect, test } from 'bun:test';
import { liquidationPrice, risk, toUnits } from '../src/risk.ts';

// Worked example of shared/anchors/fluid/README.md: 1 ETH against 1,000 USDC at 2,029 USDC/ETH, threshold 85 %.
test('health, loan-to-value and liquidation price of a worked Fluid-style position', () => {
  const collateralValueInDebt = Number((10n ** 18n * 2029n * 10n ** 15n) / 10n ** 27n);
  expect(collateralValueInDebt).toBe(2_029_000_000);
  const { ltv, health } = risk({ collateralValueInDebt, debt: 1_000_000_000, liquidationThreshold: 0.85 });
  expect(health).toBeCloseTo(1.72465, 5);
  expect(ltv).toBeCloseTo(0.49285, 5);
  expect(liquidationPrice(2029, health)).toBeCloseTo(1_000 / 0.85, 6);
});

test.each([
  ['no debt', 1_000, 0, { ltv: 0, health: null }],
  ['no collateral', 0, 100, { ltv: null, health: 0 }],
  ['exactly at the threshold', 1_000, 850, { ltv: 0.85, health: 1 }],
])('%s', (_name, collateralValueInDebt, debt, expected) => {
  expect(risk({ collateralValueInDebt, debt, liquidationThreshold: 0.85 })).toEqual(expected);
});

test('no liquidation price without debt or price', () => {
  expect([liquidationPrice(null, 1.5), liquidationPrice(2000, null), liquidationPrice(2000, 0)]).toEqual([
    null,
    null,
    null,
  ]);
});

test('raw amounts become whole units', () => {
  expect([toUnits(1_500_000n, 6), toUnits(10n ** 18n, 18), toUnits(0n, 8)]).toEqual([1.5, 1, 0]);
});
