// A token bucket: up to `burst` actions at once, refilled by one token every `replenishMs`.

export interface TokenBucketOptions {
  readonly burst: number;
  readonly replenishMs: number;
  readonly now: () => number;
}

export class TokenBucket {
  readonly #options: TokenBucketOptions;
  #tokens: number;
  #updatedAt: number;

  constructor(options: TokenBucketOptions) {
    this.#options = options;
    this.#tokens = options.burst;
    this.#updatedAt = options.now();
  }

  /** Takes one token if there is one; `false` means the caller is over the limit. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token, 0 when one is available now. */
  waitMs(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil((1 - this.#tokens) * this.#options.replenishMs);
  }

  /** True when the bucket is full again, so an idle owner can be forgotten. */
  get full(): boolean {
    this.#refill();
    return this.#tokens >= this.#options.burst;
  }

  #refill(): void {
    const now = this.#options.now();
    const elapsed = now - this.#updatedAt;
    if (elapsed <= 0) return;
    this.#tokens = Math.min(this.#options.burst, this.#tokens + elapsed / this.#options.replenishMs);
    this.#updatedAt = now;
  }
}
