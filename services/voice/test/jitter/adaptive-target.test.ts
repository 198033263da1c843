// Tests for the adaptive target: it follows the p95 of relative delay, stays bounded, and keeps a good call < 150 ms.

import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../scripts/test-support/seeded-random.ts';
import { AdaptiveTarget } from '../../src/jitter/adaptive-target.ts';
import { ADAPTIVE_CALL_JITTER_CONFIG } from '../../src/jitter/jitter-config.ts';
import { quantile, runCall } from './virtual-link.ts';

const FRAME_MS = 20;

/** Feeds `seconds` of 20 ms packets whose one-way delay is `base + extra()`; returns the estimator. */
function observe(target: AdaptiveTarget, from: number, seconds: number, extra: () => number, delays: number[] = []) {
  for (let i = 0; i < (seconds * 1000) / FRAME_MS; i += 1) {
    const media = from + i * FRAME_MS;
    const delay = 30 + extra();
    delays.push(delay - 30);
    target.observe(media, media + delay + 5_000 /* a constant clock offset the estimator must cancel */);
  }
  return delays;
}

describe('adaptive target', () => {
  test('starts at the configured initial depth before any packet', () => {
    const target = new AdaptiveTarget({ frameMs: FRAME_MS, minDepth: 1, maxDepth: 15, initialDepth: 4 });
    expect({ depth: target.targetDepth(), ms: target.targetMs(), p95: target.delayQuantileMs() }).toEqual({
      depth: 4,
      ms: 80,
      p95: null,
    });
  });

  test('converges to the p95 of the relative delay on a good path, far under 150 ms', () => {
    const random = seededRandom(11);
    const target = new AdaptiveTarget({ frameMs: FRAME_MS, minDepth: 1, maxDepth: 15, initialDepth: 4 });
    const delays = observe(target, 0, 5, () => random() * 25);
    const p95 = quantile(delays, 0.95) - Math.min(...delays);
    expect(target.delayQuantileMs()).toBeCloseTo(p95, 6);
    expect(target.targetDepth()).toBe(Math.ceil(p95 / FRAME_MS) + 1);
    expect(target.targetMs()).toBeLessThan(150);
  });

  test('grows on a bad path and relaxes once the window has forgotten it', () => {
    const random = seededRandom(3);
    const target = new AdaptiveTarget({ frameMs: FRAME_MS, minDepth: 1, maxDepth: 15, initialDepth: 4 });
    observe(target, 0, 5, () => random() * 10);
    const good = target.targetDepth();
    observe(target, 5_000, 5, () => (random() < 0.2 ? 150 + random() * 50 : random() * 10));
    const bad = target.targetDepth();
    observe(target, 10_000, 6, () => random() * 10);
    expect({ good, bad, after: target.targetDepth() }).toEqual({ good: 2, bad: 11, after: 2 });
  });

  test.each([
    ['the maximum when the delay p95 exceeds it', 1_000, 15],
    ['the minimum when the path has no jitter at all', 0, 3],
  ])('is clamped to %s', (_name, spread, expected) => {
    const target = new AdaptiveTarget({ frameMs: FRAME_MS, minDepth: 3, maxDepth: 15, initialDepth: 4 });
    let flip = false;
    observe(target, 0, 2, () => {
      flip = !flip;
      return flip ? spread : 0;
    });
    expect(target.targetDepth()).toBe(expected);
  });
});

describe('adaptive jitter buffer in a call', () => {
  const talkSpurts = (frame: number) => frame % 100 >= 70; // 1.4 s of speech, 0.6 s of DTX silence

  test('a good path (30 ms one way, 0-20 ms jitter) stays under 150 ms mouth to ear with nearly no concealment', () => {
    const run = runCall({
      config: ADAPTIVE_CALL_JITTER_CONFIG,
      link: { seed: 42, baseDelayMs: 30, jitterMs: 20, loss: 0, reorder: 0 },
      frames: 3_000,
      isSilent: talkSpurts,
    });
    const missing = run.results.filter((r) => r.kind === 'Missing').length;
    expect(quantile(run.mouthToEarMs, 0.95)).toBeLessThan(150);
    expect(missing / run.mouthToEarMs.length).toBeLessThan(0.02);
    expect(run.buffer.targetDepth).toBeLessThanOrEqual(3);
  });

  test('a bad path with late bursts raises the target, and the buffer follows at the next talk spurt', () => {
    const good = runCall({
      config: ADAPTIVE_CALL_JITTER_CONFIG,
      link: { seed: 5, baseDelayMs: 30, jitterMs: 20, loss: 0, reorder: 0 },
      frames: 2_000,
      isSilent: talkSpurts,
    });
    const bad = runCall({
      config: ADAPTIVE_CALL_JITTER_CONFIG,
      link: { seed: 5, baseDelayMs: 30, jitterMs: 120, loss: 0.02, reorder: 0.05, reorderDelayMs: 80 },
      frames: 2_000,
      isSilent: talkSpurts,
    });
    expect(bad.buffer.targetDepth).toBeGreaterThan(good.buffer.targetDepth + 3);
    expect(quantile(bad.mouthToEarMs, 0.5)).toBeGreaterThan(quantile(good.mouthToEarMs, 0.5) + 60);
  });
});
