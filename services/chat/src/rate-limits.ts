// Token buckets per key (a requester, a fingerprint), created on first use and forgotten once full again.

import { TokenBucket } from '@keel/kit';
import { RateLimitedError } from './errors.ts';

export interface LimitConfig {
  readonly burst: number;
  readonly replenishMs: number;
}

export class RateLimits {
  readonly #config: LimitConfig;
  readonly #now: () => number;
  readonly #what: string;
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(what: string, config: LimitConfig, now: () => number) {
    this.#what = what;
    this.#config = config;
    this.#now = now;
  }

  /** Takes one token for `key`; 429 with Retry-After when its bucket is empty. */
  take(key: string): void {
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      if (this.#buckets.size > 10_000) this.#forgetFull();
      bucket = new TokenBucket({ ...this.#config, now: this.#now });
      this.#buckets.set(key, bucket);
    }
    if (!bucket.take()) throw new RateLimitedError(this.#what, bucket.waitMs());
  }

  #forgetFull(): void {
    for (const [key, bucket] of this.#buckets) if (bucket.full) this.#buckets.delete(key);
  }
}
