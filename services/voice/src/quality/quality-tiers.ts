// Quality tiers: the seed's thresholds that classify a report, and the media profile each tier sends with.

import { CodecId } from '../packet/codec-id.ts';
import type { QualityReport } from '../packet/quality-trailer.ts';

/** Best first; the index order is what "worse" and "better" mean. */
export const QUALITY_TIERS = ['GOOD', 'DEGRADED', 'CATASTROPHIC'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];

export interface MediaProfile {
  readonly tier: QualityTier;
  /** The codec; its frame duration and FEC block size are in CODEC_TIMING. */
  readonly codec: CodecId;
  /** The seed's FEC repair ratio (repair symbols per source symbol): the floor the sender never goes below. */
  readonly fecRatio: number;
}

/** Seed table "Quality profiles and forward error correction". */
export const QUALITY_PROFILES: Readonly<Record<QualityTier, MediaProfile>> = {
  GOOD: { tier: 'GOOD', codec: CodecId.Opus24k, fecRatio: 0.2 },
  DEGRADED: { tier: 'DEGRADED', codec: CodecId.Opus6k, fecRatio: 0.5 },
  CATASTROPHIC: { tier: 'CATASTROPHIC', codec: CodecId.Codec2_1200, fecRatio: 1.0 },
};

/**
 * Seed table "Quality tier": Good below 10 % loss and below 400 ms RTT; Degraded 10-40 % and 400-600 ms (bounds
 * inclusive); Catastrophic above 40 % or above 600 ms. The seed gives no jitter threshold, so jitter is reported
 * but does not classify.
 */
export const TIER_THRESHOLDS = {
  degradedLossPct: 10,
  catastrophicLossPct: 40,
  degradedRttMs: 400,
  catastrophicRttMs: 600,
} as const;

export function tierIndex(tier: QualityTier): number {
  return QUALITY_TIERS.indexOf(tier);
}

/** The worse of the tier by loss and the tier by RTT. */
export function classifyReport(report: Pick<QualityReport, 'lossPct' | 'rttMs'>): QualityTier {
  const t = TIER_THRESHOLDS;
  const byLoss = report.lossPct > t.catastrophicLossPct ? 2 : report.lossPct >= t.degradedLossPct ? 1 : 0;
  const byRtt = report.rttMs > t.catastrophicRttMs ? 2 : report.rttMs >= t.degradedRttMs ? 1 : 0;
  return QUALITY_TIERS[Math.max(byLoss, byRtt)] as QualityTier;
}

/** The seed's repair ratio for a codec: its tier's, or GOOD's for the codecs no tier uses (a forced profile). */
export function floorRatioFor(codec: CodecId): number {
  return Object.values(QUALITY_PROFILES).find((p) => p.codec === codec)?.fecRatio ?? QUALITY_PROFILES.GOOD.fecRatio;
}
