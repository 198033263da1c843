// Tests for the repair count: the residual-loss model against the anchor's table, the ratio field's exact round
// trip, and the loss-driven choice with its floor and ceiling.

import { describe, expect, test } from 'bun:test';
import {
  chooseRepairCount,
  MAX_RATIO_BLOCK_FRAMES,
  maxRepairCount,
  modelResidualLoss,
  ratioField,
  repairCountFromField,
} from '../../src/fec/repair-count.ts';
import { FecError } from '../../src/index.ts';

describe('residual loss model', () => {
  // ../shared/anchors/voice.md §3.4, same model (0.5 % decode failure at exactly K, 0.01 % at K + 1).
  test.each([
    [5, 1, 0.1, 4.1],
    [5, 1, 0.2, 13.5],
    [10, 5, 0.2, 2.6],
    [8, 8, 0.4, 8.6],
    [5, 3, 0.1, 0.26],
    [8, 11, 0.4, 2.3],
  ])('K=%i R=%i at %d loss leaves about %d %% of frames lost', (k, r, loss, percent) => {
    expect(modelResidualLoss(k, r, loss) * 100).toBeCloseTo(percent, percent < 1 ? 1 : 0);
  });

  test('no loss leaves nothing lost; total loss loses everything', () => {
    expect(modelResidualLoss(5, 1, 0)).toBe(0);
    expect(modelResidualLoss(5, 1, 1)).toBeCloseTo(1, 10);
  });
});

describe('ratio field', () => {
  test('carries every repair count exactly for every block size up to the limit', () => {
    for (let k = 1; k <= MAX_RATIO_BLOCK_FRAMES; k++) {
      for (let r = 0; r <= maxRepairCount(k); r++)
        expect([k, r, repairCountFromField(k, ratioField(k, r))]).toEqual([k, r, r]);
    }
  });

  test('the seed profiles read 10, 25 and 50', () => {
    expect([ratioField(5, 1), ratioField(10, 5), ratioField(8, 8)]).toEqual([10, 25, 50]);
  });

  test('a count beyond the 7-bit field is refused', () => {
    expect(maxRepairCount(10)).toBe(25);
    expect(() => ratioField(10, 26)).toThrow(FecError);
  });
});

describe('choosing the repair count', () => {
  test('without reported loss each profile sends its seed ratio', () => {
    expect([chooseRepairCount(5, 0.2, 0), chooseRepairCount(10, 0.5, 0), chooseRepairCount(8, 1, 0)]).toEqual([
      1, 5, 8,
    ]);
  });

  test('more loss means more repair, never fewer than the floor, and the model target holds where reachable', () => {
    for (const [k, floor] of [
      [5, 0.2],
      [10, 0.5],
      [8, 1],
    ] as const) {
      let previous = 0;
      for (let loss = 0; loss <= 60; loss += 5) {
        const r = chooseRepairCount(k, floor, loss);
        expect(r).toBeGreaterThanOrEqual(Math.max(previous, Math.round(k * floor)));
        if (r < maxRepairCount(k)) expect(modelResidualLoss(k, r, loss / 100)).toBeLessThanOrEqual(0.005);
        previous = r;
      }
    }
  });

  test('out-of-range loss reports are clamped', () => {
    expect(chooseRepairCount(10, 0.5, -5)).toBe(5);
    expect(chooseRepairCount(10, 0.5, 250)).toBe(maxRepairCount(10));
  });

  test.each([0, -1, 2.5, MAX_RATIO_BLOCK_FRAMES + 1])('a block of %d frames is refused', (k) => {
    expect(() => chooseRepairCount(k, 0.5, 10)).toThrow(FecError);
  });
});
