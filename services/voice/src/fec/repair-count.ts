// How many repair symbols a block gets: the profile's ratio is the floor, and the sender adds repair symbols
// while the loss its peer reports would leave more than the target share of frames unrecovered.
//
// The seed's ratios alone leave 4 % of frames lost at 10 % loss in GOOD and 2.6 % at 20 % in DEGRADED
// (docs/voice-media.md has the measured table), so the ratio follows the reported loss the way WebRTC's FEC rate
// does. The header's 7-bit ratio field counts fiftieths of a repair symbol per source symbol (0.2 → 10, 0.5 → 25,
// 1.0 → 50, at most 2.54): percent would stop at 1.27, and holding 3 % residual loss at 40 % random loss needs
// about 1.3-1.5. A receiver derives the block's repair count from the field.

import { FecError } from '../errors.ts';
import { MAX_FEC_RATIO } from '../packet/media-header.ts';

/** Share of source frames a sender accepts losing after FEC at the reported loss rate. */
export const DEFAULT_RESIDUAL_TARGET = 0.005;
/** The ratio field's unit: one fiftieth of a repair symbol per source symbol. */
export const RATIO_FIELD_SCALE = 50;
/** Largest block for which the ratio field carries the repair count exactly (the rounding error is <= K/100). */
export const MAX_RATIO_BLOCK_FRAMES = 49;

/** RFC 6330 decoding failure with exactly K and K + 1 symbols (the crate's figures, measured in the anchor). */
const FAILURE_AT_K = 1 / 256;
const FAILURE_AT_K_PLUS_1 = 1 / 65_536;

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}

/** Expected share of source frames still missing after FEC, K sources and R repairs, independent loss `loss`. */
export function modelResidualLoss(k: number, r: number, loss: number): number {
  const n = k + r;
  let lostFrames = 0;
  for (let received = 0; received <= n; received += 1) {
    const failure = received < k ? 1 : received === k ? FAILURE_AT_K : received === k + 1 ? FAILURE_AT_K_PLUS_1 : 0;
    if (failure === 0) break;
    const probability = binomial(n, received) * (1 - loss) ** received * loss ** (n - received);
    // On failure the sources that did not arrive stay lost: on average K · (n - received) / n of them.
    lostFrames += probability * failure * ((k * (n - received)) / n);
  }
  return lostFrames / k;
}

/** The header's ratio field for R repair symbols over K frames. */
export function ratioField(k: number, r: number): number {
  const field = Math.round((RATIO_FIELD_SCALE * r) / k);
  if (field > MAX_FEC_RATIO) {
    throw new FecError(
      `${r} repair symbols for ${k} frames exceed the ratio field's ${MAX_FEC_RATIO / RATIO_FIELD_SCALE}`,
    );
  }
  return field;
}

/** R from the header's ratio field, for a block of K frames. */
export function repairCountFromField(k: number, field: number): number {
  return Math.round((k * field) / RATIO_FIELD_SCALE);
}

/** The most repair symbols the ratio field can describe for K frames. */
export function maxRepairCount(k: number): number {
  return Math.floor((k * MAX_FEC_RATIO) / RATIO_FIELD_SCALE);
}

/**
 * R for the next block: at least the profile's ratio, then the smallest count whose modelled residual loss at the
 * reported loss (percent) meets the target, never more than the ratio field can carry.
 */
export function chooseRepairCount(
  k: number,
  floorRatio: number,
  lossPct: number,
  target: number = DEFAULT_RESIDUAL_TARGET,
): number {
  if (!Number.isInteger(k) || k < 1 || k > MAX_RATIO_BLOCK_FRAMES) {
    throw new FecError(`block size must be an integer in 1..${MAX_RATIO_BLOCK_FRAMES}, got ${k}`);
  }
  const ceiling = maxRepairCount(k);
  const loss = Math.min(Math.max(lossPct, 0), 100) / 100;
  let r = Math.min(Math.round(k * floorRatio), ceiling);
  while (r < ceiling && modelResidualLoss(k, r, loss) > target) r += 1;
  return r;
}
