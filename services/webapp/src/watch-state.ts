// What the alert policy remembers per watch between checks, and its JSON form for storage.

import { CorruptStateError } from './alert-errors.ts';

/** Where the position stands, with hysteresis; `gone` once liquidated, transferred away, burned or closed. */
export type WatchLevel = 'ok' | 'warning' | 'critical' | 'gone';

/** The two threshold levels an owner can be alerted about. */
export type ThresholdLevel = 'warning' | 'critical';

export interface WatchState {
  readonly level: WatchLevel;
  /** The last accepted reading; `null` before the first one. */
  readonly lastValue: number | null;
  /**
   * The latch: the most severe level the owner has been alerted about since the last recovery notice, or `null`
   * when their last news was "recovered" (or nothing). While latched, staying past the threshold stays silent.
   */
  readonly latched: ThresholdLevel | null;
  /** When each level last alerted (ms since the epoch, the caller's clock), for the cooldown. */
  readonly lastAlertAt: { readonly warning: number | null; readonly critical: number | null };
}

/** Bumped whenever the stored shape changes; `decodeState` refuses any version it does not know. */
export const WATCH_STATE_VERSION = 1;

const LEVELS: readonly WatchLevel[] = ['ok', 'warning', 'critical', 'gone'];
const THRESHOLD_LEVELS: readonly ThresholdLevel[] = ['warning', 'critical'];

/** A new watch: nothing read, nothing sent. */
export function initialWatchState(): WatchState {
  return { level: 'ok', lastValue: null, latched: null, lastAlertAt: { warning: null, critical: null } };
}

/** JSON text for a TEXT column. */
export function encodeState(state: WatchState): string {
  return JSON.stringify({
    v: WATCH_STATE_VERSION,
    level: state.level,
    lastValue: state.lastValue,
    latched: state.latched,
    lastAlertAt: { warning: state.lastAlertAt.warning, critical: state.lastAlertAt.critical },
  });
}

/** Parses and checks stored text; anything but a state `encodeState` could have written throws CorruptStateError. */
export function decodeState(text: string): WatchState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new CorruptStateError({ message: 'not JSON', cause });
  }
  const record = asRecord(parsed, 'state');
  if (record.v !== WATCH_STATE_VERSION) {
    throw new CorruptStateError({ message: `unknown version ${String(record.v)}` });
  }
  const level = oneOf(record.level, LEVELS, 'level');
  const lastValue = record.lastValue === null ? null : reading(record.lastValue, 'lastValue');
  const latched = record.latched === null ? null : oneOf(record.latched, THRESHOLD_LEVELS, 'latched');
  const times = asRecord(record.lastAlertAt, 'lastAlertAt');
  const lastAlertAt = {
    warning: times.warning === null ? null : reading(times.warning, 'lastAlertAt.warning'),
    critical: times.critical === null ? null : reading(times.critical, 'lastAlertAt.critical'),
  };
  if ((level === 'warning' || level === 'critical') && lastValue === null) {
    throw new CorruptStateError({ message: `level ${level} without a lastValue` });
  }
  if ((level === 'ok' || level === 'gone') && latched !== null) {
    throw new CorruptStateError({ message: `level ${level} cannot be latched (latched: ${latched})` });
  }
  if (level === 'critical' && latched !== 'critical') {
    // A critical level is only ever held back while the owner already knows it is critical.
    throw new CorruptStateError({ message: 'level critical must be latched critical' });
  }
  if (latched !== null && lastAlertAt[latched] === null) {
    throw new CorruptStateError({ message: `latched ${latched} but no ${latched} alert was ever sent` });
  }
  return { level, lastValue, latched, lastAlertAt };
}

function asRecord(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CorruptStateError({ message: `${field} is not an object` });
  }
  return value as Record<string, unknown>;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new CorruptStateError({ message: `${field} must be one of ${allowed.join(', ')}` });
  return found;
}

function reading(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new CorruptStateError({ message: `${field} must be a finite number ≥ 0` });
  }
  return value;
}
