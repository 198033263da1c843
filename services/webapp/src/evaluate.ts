// The alert decision: from a watch's state and one observation, the next state and the alerts to send.

import { InvalidObservationError } from './alert-errors.ts';
import { type AlertPolicy, isBeyond, isRecoveredFrom, type MetricKind } from './alert-policy.ts';
import type { ThresholdLevel, WatchLevel, WatchState } from './watch-state.ts';

/** One check's outcome. A failed read is not an observation: the caller retries it and calls nothing here. */
export type Observation =
  | { readonly kind: 'value'; readonly value: number }
  | { readonly kind: 'liquidated' }
  /** The position NFT was transferred out of the watched wallet, or burned by someone else. */
  | { readonly kind: 'left-wallet' }
  /** The owner closed the position themselves: the watch ends without an alert. */
  | { readonly kind: 'closed' };

/** The position went past a threshold in the alert direction. */
export interface ThresholdAlert {
  readonly level: ThresholdLevel;
  readonly metric: MetricKind;
  readonly value: number;
  readonly threshold: number;
  readonly at: number;
}

/** The position is back past the warning threshold by the margin, after the owner was alerted. */
export interface RecoveredAlert {
  readonly level: 'recovered';
  readonly metric: MetricKind;
  readonly value: number;
  /** The warning threshold it recovered from (the re-arm point is this ± the margin). */
  readonly threshold: number;
  /** The most severe level the owner had been alerted about. */
  readonly from: ThresholdLevel;
  readonly at: number;
}

/** The watch has ended for a reason the owner must hear about. */
export interface EndAlert {
  readonly level: 'liquidated' | 'left-wallet';
  readonly metric: MetricKind;
  /** The last reading before the end, `null` if there was none. */
  readonly lastValue: number | null;
  readonly at: number;
}

export type Alert = ThresholdAlert | RecoveredAlert | EndAlert;

export type AlertLevel = Alert['level'];

export interface Evaluation {
  readonly state: WatchState;
  /** Empty when there is nothing to say; never more than one alert per observation. */
  readonly alerts: readonly Alert[];
}

/**
 * Decides what one observation means. Pure: `now` (ms since the epoch) is the caller's clock.
 * Throws InvalidObservationError for a value or clock that is not a measurement; a `gone` watch ignores the rest.
 */
export function evaluate(policy: AlertPolicy, state: WatchState, observation: Observation, now: number): Evaluation {
  if (typeof now !== 'number' || !Number.isFinite(now) || now < 0) {
    throw new InvalidObservationError({ field: 'now', message: `must be ms since the epoch (got ${now})` });
  }
  if (observation.kind === 'value') checkValue(observation.value);
  if (state.level === 'gone') return { state, alerts: [] };

  switch (observation.kind) {
    case 'value':
      return onValue(policy, state, state.level, observation.value, now);
    case 'liquidated':
    case 'left-wallet':
      return {
        state: ended(state),
        alerts: [{ level: observation.kind, metric: policy.metric, lastValue: state.lastValue, at: now }],
      };
    case 'closed':
      return { state: ended(state), alerts: [] };
    default: {
      const unknown: never = observation;
      throw new InvalidObservationError({
        field: 'kind',
        message: `unknown observation ${JSON.stringify(unknown)}`,
      });
    }
  }
}

function onValue(
  policy: AlertPolicy,
  state: WatchState,
  from: Exclude<WatchLevel, 'gone'>,
  value: number,
  now: number,
): Evaluation {
  const level = nextLevel(policy, from, value);
  const next: WatchState = { ...state, level, lastValue: value };
  const { metric } = policy;

  if (level === 'ok') {
    if (state.latched === null) return { state: next, alerts: [] };
    const alert: RecoveredAlert = {
      level: 'recovered',
      metric,
      value,
      threshold: policy.warning,
      from: state.latched,
      at: now,
    };
    return { state: { ...next, latched: null }, alerts: [alert] };
  }

  if (level === 'warning') {
    // Latched warning: already told. Latched critical: a partial recovery, which is not news.
    // Not latched: a crossing the owner has not heard of; held while the warning cooldown runs, sent at the first
    // check after it ends while the value is still past the threshold (not merely inside the margin: the message
    // says "below your threshold", and it must be true).
    const owed = state.latched === null && isBeyond(metric, value, policy.warning);
    if (!owed || isCooling(policy, state.lastAlertAt.warning, now)) return { state: next, alerts: [] };
    return send(next, { level: 'warning', metric, value, threshold: policy.warning, at: now });
  }

  // Critical. An escalation (the owner's latest news is less than critical) is never held by the cooldown;
  // a re-crossing after a partial recovery re-armed it is, and if held it is dropped: the owner already knows.
  const escalation = state.latched !== 'critical';
  const recrossing = !escalation && from === 'warning';
  if (escalation || (recrossing && !isCooling(policy, state.lastAlertAt.critical, now))) {
    return send(next, { level: 'critical', metric, value, threshold: policy.critical, at: now });
  }
  return { state: next, alerts: [] };
}

/** The level after `value`, with hysteresis: worse at once, better only past a threshold plus the margin. */
function nextLevel(policy: AlertPolicy, from: Exclude<WatchLevel, 'gone'>, value: number): Exclude<WatchLevel, 'gone'> {
  if (isBeyond(policy.metric, value, policy.critical)) return 'critical';
  let level = from;
  if (level === 'critical' && isRecoveredFrom(policy, value, policy.critical)) level = 'warning';
  if (level === 'warning' && isRecoveredFrom(policy, value, policy.warning)) level = 'ok';
  if (level === 'ok' && isBeyond(policy.metric, value, policy.warning)) level = 'warning';
  return level;
}

function send(next: WatchState, alert: ThresholdAlert): Evaluation {
  return {
    state: { ...next, latched: alert.level, lastAlertAt: { ...next.lastAlertAt, [alert.level]: alert.at } },
    alerts: [alert],
  };
}

function isCooling(policy: AlertPolicy, lastAlertAt: number | null, now: number): boolean {
  return lastAlertAt !== null && now - lastAlertAt < policy.cooldownMs;
}

function ended(state: WatchState): WatchState {
  return { ...state, level: 'gone', latched: null };
}

function checkValue(value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidObservationError({
      field: 'value',
      message: `must be a finite number ≥ 0 (got ${value}); report a failed read as a retry, not a value`,
    });
  }
}
