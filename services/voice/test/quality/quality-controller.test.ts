// Tests for quality tiers: the seed's thresholds, profiles, and the controller's 3-worse / 10-better hysteresis.

import { describe, expect, test } from 'bun:test';
import { CodecId } from '../../src/packet/codec-id.ts';
import { CODEC_TIMING } from '../../src/packet/codec-timing.ts';
import type { QualityReport } from '../../src/packet/quality-trailer.ts';
import {
  DOWNGRADE_AFTER_REPORTS,
  QUALITY_HISTORY_LENGTH,
  QualityController,
  UPGRADE_AFTER_REPORTS,
} from '../../src/quality/quality-controller.ts';
import { classifyReport, QUALITY_PROFILES, type QualityTier } from '../../src/quality/quality-tiers.ts';

function report(lossPct: number, rttMs: number): QualityReport {
  return { lossPct, rttMs, jitterMs: 5, bitrateCapKbps: 64 };
}

const GOOD = report(1, 50);
const DEGRADED = report(20, 50);
const CATASTROPHIC = report(60, 50);

/** Feeds `reports` and returns the tier after each. */
function tiersAfter(controller: QualityController, reports: QualityReport[]): QualityTier[] {
  return reports.map((r) => {
    controller.report(r);
    return controller.tier;
  });
}

describe('tier thresholds', () => {
  test.each<[number, number, QualityTier]>([
    [0, 0, 'GOOD'],
    [9.99, 399, 'GOOD'],
    [10, 0, 'DEGRADED'],
    [40, 0, 'DEGRADED'],
    [40.01, 0, 'CATASTROPHIC'],
    [0, 400, 'DEGRADED'],
    [0, 600, 'DEGRADED'],
    [0, 601, 'CATASTROPHIC'],
    [15, 700, 'CATASTROPHIC'],
    [50, 100, 'CATASTROPHIC'],
  ])('loss %d %% and RTT %d ms classify as %s', (lossPct, rttMs, tier) => {
    expect(classifyReport({ lossPct, rttMs })).toBe(tier);
  });

  test('each tier has the seed profile: codec, frame, FEC block and repair ratio', () => {
    const summary = Object.values(QUALITY_PROFILES).map((p) => {
      const timing = CODEC_TIMING[p.codec];
      return [p.tier, p.codec, timing.bitrateBps, timing.frameMs, timing.blockFrames, p.fecRatio];
    });
    expect(summary).toEqual([
      ['GOOD', CodecId.Opus24k, 24_000, 20, 5, 0.2],
      ['DEGRADED', CodecId.Opus6k, 6_000, 40, 10, 0.5],
      ['CATASTROPHIC', CodecId.Codec2_1200, 1_200, 40, 8, 1.0],
    ]);
  });
});

describe('quality controller hysteresis', () => {
  test('a downgrade happens on exactly the third consecutive worse report', () => {
    expect(DOWNGRADE_AFTER_REPORTS).toBe(3);
    expect(tiersAfter(new QualityController(), [DEGRADED, DEGRADED, DEGRADED])).toEqual(['GOOD', 'GOOD', 'DEGRADED']);
  });

  test('a same-tier report breaks the worse streak', () => {
    expect(tiersAfter(new QualityController(), [DEGRADED, DEGRADED, GOOD, DEGRADED, DEGRADED])).toEqual([
      'GOOD',
      'GOOD',
      'GOOD',
      'GOOD',
      'GOOD',
    ]);
  });

  test('a downgrade may skip a tier, landing on the mildest tier of the streak', () => {
    expect(tiersAfter(new QualityController(), [CATASTROPHIC, CATASTROPHIC, CATASTROPHIC])).toEqual([
      'GOOD',
      'GOOD',
      'CATASTROPHIC',
    ]);
    expect(tiersAfter(new QualityController(), [CATASTROPHIC, DEGRADED, CATASTROPHIC])).toEqual([
      'GOOD',
      'GOOD',
      'DEGRADED',
    ]);
  });

  test('an upgrade happens on exactly the tenth consecutive better report and climbs one tier', () => {
    expect(UPGRADE_AFTER_REPORTS).toBe(10);
    const controller = new QualityController('CATASTROPHIC');
    const tiers = tiersAfter(controller, Array(10).fill(GOOD));
    expect(tiers).toEqual([...Array(9).fill('CATASTROPHIC'), 'DEGRADED']);
  });

  test('from Catastrophic to Good takes twenty good reports, never skipping Degraded', () => {
    const controller = new QualityController('CATASTROPHIC');
    const tiers = tiersAfter(controller, Array(20).fill(GOOD));
    expect([tiers[8], tiers[9], tiers[18], tiers[19]]).toEqual(['CATASTROPHIC', 'DEGRADED', 'DEGRADED', 'GOOD']);
  });

  test('a worse report during an upgrade streak restarts the count', () => {
    const controller = new QualityController('DEGRADED');
    tiersAfter(controller, [...Array(9).fill(GOOD), CATASTROPHIC]);
    const tiers = tiersAfter(controller, Array(10).fill(GOOD));
    expect(tiers).toEqual([...Array(9).fill('DEGRADED'), 'GOOD']);
  });

  test('report returns the change of tier when one happens', () => {
    const controller = new QualityController();
    expect([DEGRADED, DEGRADED, DEGRADED].map((r) => controller.report(r))).toEqual([
      null,
      null,
      { from: 'GOOD', to: 'DEGRADED' },
    ]);
  });

  test('history keeps the last 20 reports with their tiers', () => {
    const controller = new QualityController();
    const reports = Array.from({ length: 25 }, (_, i) => report(i, 10));
    for (const r of reports) controller.report(r);
    expect(QUALITY_HISTORY_LENGTH).toBe(20);
    expect(controller.history().map((h) => h.report)).toEqual(reports.slice(5));
    expect(controller.history()[0]).toEqual({ report: report(5, 10), tier: 'GOOD' });
  });
});

describe('forced profile', () => {
  test('a forced profile disables adaptation until released', () => {
    const controller = new QualityController();
    controller.force('CATASTROPHIC');
    const forced = tiersAfter(controller, Array(5).fill(DEGRADED));
    expect({ forced, profile: controller.profile.tier, history: controller.history().length }).toEqual({
      forced: Array(5).fill('GOOD'),
      profile: 'CATASTROPHIC',
      history: 5,
    });
    controller.force(null);
    expect(controller.profile.tier).toBe('GOOD');
    expect(tiersAfter(controller, [DEGRADED, DEGRADED, DEGRADED])).toEqual(['GOOD', 'GOOD', 'DEGRADED']);
  });
});
