// Tests for the measurement harness behind bench:voice-loss: the loss models deliver the loss and burst lengths
// they promise, and a closed-loop call with real codecs recovers frames and adapts its tier.

import { afterAll, describe, expect, test } from 'bun:test';
import { VoiceCodecs } from '@keel/native';
import { seededRandom } from '../../scripts/test-support/seeded-random.ts';
import { runClosedLoopCall } from './closed-loop-call.ts';
import { bernoulliLoss, gilbertElliottLoss } from './loss-models.ts';

describe('loss models', () => {
  test('Bernoulli loss hits its rate', () => {
    const lost = bernoulliLoss(0.2, seededRandom(1));
    let count = 0;
    for (let i = 0; i < 100_000; i++) if (lost()) count++;
    expect(count / 100_000).toBeCloseTo(0.2, 2);
  });

  test('Gilbert-Elliott loss hits its rate with bursts of the promised mean length', () => {
    const lost = gilbertElliottLoss(0.1, 3, seededRandom(2));
    let count = 0;
    let bursts = 0;
    let previous = false;
    for (let i = 0; i < 200_000; i++) {
      const now = lost();
      if (now) count++;
      if (now && !previous) bursts++;
      previous = now;
    }
    expect(count / 200_000).toBeCloseTo(0.1, 2);
    expect(count / bursts).toBeCloseTo(3, 0);
  });
});

describe('closed-loop call', () => {
  const codecs = new VoiceCodecs();
  afterAll(() => codecs.destroy());

  test('at 20 % random loss the call moves to DEGRADED and FEC brings frame loss near the 1 % target', () => {
    const adaptive = runClosedLoopCall({ codecs, loss: bernoulliLoss(0.2, seededRandom(3)), seconds: 120 });
    const fixed = runClosedLoopCall({
      codecs,
      loss: bernoulliLoss(0.2, seededRandom(3)),
      seconds: 120,
      residualTarget: 1,
    });
    expect(adaptive.packetLossPct).toBeGreaterThan(15);
    expect(adaptive.tierTimePct.DEGRADED).toBeGreaterThan(80);
    expect(adaptive.recoveredByRaptorq).toBeGreaterThan(100);
    // Loss-driven repair beats the seed's fixed ratio on the same loss pattern.
    expect(adaptive.residualLossPct).toBeLessThan(fixed.residualLossPct);
    expect(adaptive.residualLossPct).toBeLessThan(1.2);
  });

  test('without loss nothing is concealed and the call stays in GOOD at the profile bitrate', () => {
    const result = runClosedLoopCall({ codecs, loss: () => false, seconds: 10 });
    expect(result.residualLossPct).toBe(0);
    expect(result.tierTimePct.GOOD).toBe(100);
    expect(result.wireKbps).toBeGreaterThan(65);
    expect(result.wireKbps).toBeLessThan(80);
  });
});
