// A watch's alert settings: which metric, its warning and critical thresholds, the recovery margin, the cooldown.

import { InvalidPolicyError } from './alert-errors.ts';

/**
 * `health`: collateral value × liquidation threshold ÷ debt; 1 = liquidation, alerts when it FALLS below a threshold.
 * `ltv`: debt ÷ collateral value as a fraction (0.8 = 80 %), alerts when it RISES above a threshold.
 */
export type MetricKind = 'health' | 'ltv';

export const METRIC_KINDS: readonly MetricKind[] = ['health', 'ltv'];

/** Health at which a position can be liquidated; a health threshold at or below it would only fire too late. */
export const HEALTH_LIQUIDATION = 1;

/** LTV is a fraction: 1 means debt equals collateral, so a threshold at or above it can never warn in time. */
export const LTV_MAX_THRESHOLD = 1;

/** Recovery margin when none is given: 2 % of the warning threshold (anchors, "Alert engine / dapp" de-dup goal). */
export const DEFAULT_MARGIN_RATIO = 0.02;

/** One re-alert of the same level per 6 h at most (anchors §4: "HF<1.05 max once per 6 h"; goal default 6 h). */
export const DEFAULT_COOLDOWN_MS = 6 * 60 * 60 * 1000;

/** Longest cooldown accepted: 12 h (Kai's re-trigger cooldown, the anchors' "configurable up to 12 h"). */
export const MAX_COOLDOWN_MS = 12 * 60 * 60 * 1000;

/** What a caller supplies (from the user's watch settings); `parseAlertPolicy` fills defaults and validates. */
export interface AlertPolicyInput {
  readonly metric: MetricKind;
  readonly warning: number;
  readonly critical: number;
  /** In the metric's own units, applied to both thresholds; defaults to DEFAULT_MARGIN_RATIO × warning. */
  readonly margin?: number;
  readonly cooldownMs?: number;
}

/** Validated settings: critical is beyond warning in the alert direction, every number is in range. */
export interface AlertPolicy {
  readonly metric: MetricKind;
  readonly warning: number;
  readonly critical: number;
  /** Hysteresis: a level re-arms once the value is past its threshold by this much in the safe direction. */
  readonly margin: number;
  /** Minimum time between two alerts of the same level; escalations ignore it. */
  readonly cooldownMs: number;
}

/** Builds the policy the evaluator trusts; throws InvalidPolicyError naming the first bad field. */
export function parseAlertPolicy(input: AlertPolicyInput): AlertPolicy {
  const { metric } = input;
  if (!METRIC_KINDS.includes(metric)) {
    throw new InvalidPolicyError({ field: 'metric', message: `must be one of ${METRIC_KINDS.join(', ')}` });
  }
  const warning = threshold(metric, 'warning', input.warning);
  const critical = threshold(metric, 'critical', input.critical);
  if (!isBeyond(metric, critical, warning)) {
    const side = metric === 'health' ? 'below' : 'above';
    throw new InvalidPolicyError({
      field: 'critical',
      message: `must be ${side} the warning threshold ${warning} (got ${critical})`,
    });
  }
  const margin = input.margin ?? DEFAULT_MARGIN_RATIO * warning;
  if (!Number.isFinite(margin) || margin < 0) {
    throw new InvalidPolicyError({ field: 'margin', message: `must be a finite number ≥ 0 (got ${margin})` });
  }
  if (metric === 'ltv' && margin >= warning) {
    throw new InvalidPolicyError({
      field: 'margin',
      message: `must be smaller than the warning threshold ${warning}, or the position could never recover`,
    });
  }
  const cooldownMs = input.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  if (!Number.isSafeInteger(cooldownMs) || cooldownMs < 0 || cooldownMs > MAX_COOLDOWN_MS) {
    throw new InvalidPolicyError({
      field: 'cooldownMs',
      message: `must be whole milliseconds from 0 to ${MAX_COOLDOWN_MS} (got ${cooldownMs})`,
    });
  }
  return { metric, warning, critical, margin, cooldownMs };
}

/** True when `value` is strictly past `threshold` in the alert direction (lower health, higher LTV). */
export function isBeyond(metric: MetricKind, value: number, threshold: number): boolean {
  return metric === 'health' ? value < threshold : value > threshold;
}

/** True when `value` has recovered past `threshold` by at least the policy's margin (re-arms that level). */
export function isRecoveredFrom(policy: AlertPolicy, value: number, threshold: number): boolean {
  return policy.metric === 'health' ? value >= threshold + policy.margin : value <= threshold - policy.margin;
}

function threshold(metric: MetricKind, field: 'warning' | 'critical', value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidPolicyError({ field, message: `must be a finite number (got ${value})` });
  }
  if (metric === 'health' && value <= HEALTH_LIQUIDATION) {
    throw new InvalidPolicyError({
      field,
      message: `a health threshold must be above ${HEALTH_LIQUIDATION} (liquidation) to warn in time (got ${value})`,
    });
  }
  if (metric === 'ltv' && (value <= 0 || value >= LTV_MAX_THRESHOLD)) {
    throw new InvalidPolicyError({
      field,
      message: `an ltv threshold is a fraction between 0 and 1, e.g. 0.8 for 80 % (got ${value})`,
    });
  }
  return value;
}
