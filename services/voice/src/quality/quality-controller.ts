// QualityController: hysteresis over quality reports (3 worse to downgrade, 10 better to climb one tier).

import type { QualityReport } from '../packet/quality-trailer.ts';
import {
  classifyReport,
  type MediaProfile,
  QUALITY_PROFILES,
  QUALITY_TIERS,
  type QualityTier,
  tierIndex,
} from './quality-tiers.ts';

/** Seed: a downgrade needs 3 consecutive reports in a worse tier. */
export const DOWNGRADE_AFTER_REPORTS = 3;
/** Seed: an upgrade needs 10 consecutive reports in a better tier, one tier at a time. */
export const UPGRADE_AFTER_REPORTS = 10;
/** Seed: history is the last 20 reports. */
export const QUALITY_HISTORY_LENGTH = 20;

export interface ClassifiedReport {
  readonly report: QualityReport;
  readonly tier: QualityTier;
}

export type TierChange = { readonly from: QualityTier; readonly to: QualityTier } | null;

export class QualityController {
  #tier: QualityTier;
  #forced: QualityTier | null = null;
  #history: ClassifiedReport[] = [];
  /** Consecutive reports worse (positive) or better (negative) than the current tier; 0 after a same-tier report. */
  #streak = 0;
  /** Mildest tier seen in the current worse streak: where a downgrade lands (all streak reports are at least this bad). */
  #streakMildest: QualityTier | null = null;

  constructor(initial: QualityTier = 'GOOD') {
    this.#tier = initial;
  }

  /** The adaptive tier (unchanged while a profile is forced). */
  get tier(): QualityTier {
    return this.#tier;
  }

  /** The profile to send with: the forced one when set, else the adaptive tier's. */
  get profile(): MediaProfile {
    return QUALITY_PROFILES[this.#forced ?? this.#tier];
  }

  get forced(): QualityTier | null {
    return this.#forced;
  }

  /** The last 20 reports with their tiers, oldest first. */
  history(): readonly ClassifiedReport[] {
    return [...this.#history];
  }

  /** Pins the profile and disables adaptation; null re-enables it from the current adaptive tier. */
  force(tier: QualityTier | null): void {
    this.#forced = tier;
    this.#streak = 0;
    this.#streakMildest = null;
  }

  /** Feeds one report; returns the change of the sending profile's tier, or null. */
  report(report: QualityReport): TierChange {
    const tier = classifyReport(report);
    this.#history.push({ report, tier });
    if (this.#history.length > QUALITY_HISTORY_LENGTH) this.#history.shift();
    if (this.#forced !== null) return null;

    const delta = tierIndex(tier) - tierIndex(this.#tier);
    if (delta === 0) {
      this.#streak = 0;
      this.#streakMildest = null;
      return null;
    }
    if (delta > 0) {
      if (this.#streak < 0) this.#streak = 0;
      this.#streak += 1;
      if (this.#streakMildest === null || tierIndex(tier) < tierIndex(this.#streakMildest)) this.#streakMildest = tier;
      if (this.#streak < DOWNGRADE_AFTER_REPORTS) return null;
      return this.#move(this.#streakMildest);
    }
    if (this.#streak > 0) {
      this.#streak = 0;
      this.#streakMildest = null;
    }
    this.#streak -= 1;
    if (-this.#streak < UPGRADE_AFTER_REPORTS) return null;
    // Never skip a tier on the way up: Catastrophic to Degraded to Good.
    return this.#move(QUALITY_TIERS[tierIndex(this.#tier) - 1] as QualityTier);
  }

  #move(to: QualityTier): TierChange {
    const from = this.#tier;
    this.#tier = to;
    this.#streak = 0;
    this.#streakMildest = null;
    return { from, to };
  }
}
