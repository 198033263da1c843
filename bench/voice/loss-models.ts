// Packet loss models for the FEC measurements: independent (Bernoulli) loss and Gilbert-Elliott bursts.

/** Returns true when the next packet is lost. */
export type LossModel = () => boolean;

export function bernoulliLoss(loss: number, random: () => number): LossModel {
  return () => random() < loss;
}

/**
 * Two-state Gilbert model: every packet is lost in the bad state and none in the good one. Bursts last
 * `meanBurst` packets on average (leave bad with probability 1 / meanBurst) and the long-run loss is `loss`.
 */
export function gilbertElliottLoss(loss: number, meanBurst: number, random: () => number): LossModel {
  const leaveBad = 1 / meanBurst;
  const enterBad = (loss * leaveBad) / (1 - loss);
  let bad = false;
  return () => {
    bad = bad ? random() >= leaveBad : random() < enterBad;
    return bad;
  };
}
