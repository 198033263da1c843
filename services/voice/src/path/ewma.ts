// Ewma: exponentially weighted moving average, the path monitor's smoother.

/** Seed: the path monitor smooths with factor 0.1 (each new sample weighs 10 %). */
export const PATH_SMOOTHING = 0.1;

export class Ewma {
  readonly #alpha: number;
  #value: number | null = null;

  constructor(alpha: number = PATH_SMOOTHING) {
    this.#alpha = alpha;
  }

  /** null before the first sample; the first sample seeds the average, so a steady input reads back exactly. */
  get value(): number | null {
    return this.#value;
  }

  add(sample: number): number {
    this.#value = this.#value === null ? sample : this.#value + this.#alpha * (sample - this.#value);
    return this.#value;
  }
}
