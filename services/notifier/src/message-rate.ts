// Messages per second over the last few minutes, for /v1/stats (ntfy: over up to 10 manager ticks).

const SAMPLES = 10;

export class MessageRate {
  readonly #samples: { at: number; count: number }[] = [];

  /** Records the published-message counter at `at` (ms); called once per manager tick. */
  sample(at: number, count: number): void {
    this.#samples.push({ at, count });
    if (this.#samples.length > SAMPLES) this.#samples.shift();
  }

  perSecond(): number {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    if (first === undefined || last === undefined || last.at <= first.at) return 0;
    return (last.count - first.count) / ((last.at - first.at) / 1000);
  }
}
