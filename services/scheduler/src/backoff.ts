// When to try again: exponential backoff with jitter, and the target's Retry-After as a floor.

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * Delay after the `attempt`-th failed attempt (1-based): base·2^(attempt−1), capped, with "equal jitter"
 * (half fixed, half random) so retries of many tasks spread out yet never collapse to zero.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** RFC 9110 §10.2.3: delay-seconds or an HTTP-date. Returns milliseconds from `now`, or `null` if absent/invalid. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, date - now);
}

/** The wait before the next attempt: backoff, raised to the target's Retry-After, never above the cap. */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | null,
  policy: BackoffPolicy,
  random: () => number,
): number {
  return Math.min(policy.maxMs, Math.max(backoffDelay(attempt, policy, random), retryAfterMs ?? 0));
}
