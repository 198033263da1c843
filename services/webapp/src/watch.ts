// A watch: one position, one owner, one alert policy, one notifier topic; and its JSON form.

import type { Address } from 'viem';
import type { MetricKind } from './alert-policy.ts';
import type { WatchState } from './watch-state.ts';

export interface NewWatch {
  readonly chain: string;
  readonly preset: string;
  readonly positionId: bigint;
  readonly owner: Address;
  readonly label: string;
  readonly metric: MetricKind;
  readonly warning: number;
  readonly critical: number;
  readonly topic: string;
  readonly email: string | null;
}

export interface Watch extends NewWatch {
  readonly id: string;
  readonly state: WatchState;
  /** Last successful check, ms since the epoch; `null` before the first. */
  readonly lastCheckedAt: number | null;
  /** The scheduler task of the one live chain of checks; a check delivered by any other task is stale. */
  readonly nextTaskId: string | null;
  readonly createdAt: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function watchToJson(watch: Watch) {
  return {
    id: watch.id,
    chain: watch.chain,
    preset: watch.preset,
    positionId: watch.positionId.toString(),
    owner: watch.owner,
    label: watch.label,
    metric: watch.metric,
    warning: watch.warning,
    critical: watch.critical,
    topic: watch.topic,
    email: watch.email,
    level: watch.state.level,
    lastValue: watch.state.lastValue,
    lastCheckedAt: iso(watch.lastCheckedAt),
    createdAt: iso(watch.createdAt),
  };
}
