// Paces requests to one RPC endpoint: a rate (AIMD), a concurrency window (AIMD) and a cool-down after 429s.

export interface RateGovernorOptions {
  /** Highest rate ever used; the governor starts here and backs off on throttling. */
  readonly maxPerSecond: number;
  readonly maxConcurrency: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Once aborted, waiting callers are released with an error instead of a slot. */
  readonly signal?: AbortSignal;
}

export type Outcome = 'ok' | 'throttled' | 'failed';

/** The lowest rate a throttled endpoint is driven down to: slow, never stopped. */
const MIN_PER_SECOND = 0.5;

/**
 * Additive increase, multiplicative decrease (anchors/alerting.md §2, "adaptive rate limiting"): each success
 * raises rate and window a little, each 429 halves them and opens a cool-down of at least the `Retry-After`.
 * Requests are spaced evenly at the current rate, so even a burst of callers never exceeds it.
 */
export class RateGovernor {
  readonly #options: RateGovernorOptions;
  #perSecond: number;
  #window: number;
  #inFlight = 0;
  #nextSlotAt = 0;
  #coolUntil = 0;
  #waiters: (() => void)[] = [];

  constructor(options: RateGovernorOptions) {
    this.#options = options;
    this.#perSecond = options.maxPerSecond;
    this.#window = options.maxConcurrency;
  }

  get perSecond(): number {
    return this.#perSecond;
  }

  get concurrency(): number {
    return this.#window;
  }

  /** Waits for a slot; the returned function reports how the request went and frees the slot. */
  async acquire(): Promise<(outcome: Outcome, retryAfterMs?: number) => void> {
    const { now, sleep, signal } = this.#options;
    for (;;) {
      if (signal?.aborted) throw new Error('stopping');
      if (this.#inFlight >= Math.floor(this.#window)) {
        await new Promise<void>((resolve) => {
          this.#waiters.push(resolve);
          signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        continue;
      }
      const wait = Math.max(this.#coolUntil, this.#nextSlotAt) - now();
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      break;
    }
    this.#inFlight++;
    this.#nextSlotAt = now() + 1000 / this.#perSecond;
    let done = false;
    return (outcome, retryAfterMs) => {
      if (done) return;
      done = true;
      this.#inFlight--;
      this.#record(outcome, retryAfterMs);
      this.#waiters.shift()?.();
    };
  }

  #record(outcome: Outcome, retryAfterMs: number | undefined): void {
    const { maxPerSecond, maxConcurrency, now } = this.#options;
    if (outcome === 'ok') {
      this.#perSecond = Math.min(maxPerSecond, this.#perSecond + maxPerSecond / 20);
      this.#window = Math.min(maxConcurrency, this.#window + 1 / Math.max(1, this.#window));
    } else if (outcome === 'throttled') {
      this.#perSecond = Math.max(MIN_PER_SECOND, this.#perSecond / 2);
      this.#window = Math.max(1, this.#window / 2);
      this.#coolUntil = Math.max(this.#coolUntil, now() + (retryAfterMs ?? 1000 / this.#perSecond));
    } else {
      this.#window = Math.max(1, this.#window / 2);
    }
  }
}
