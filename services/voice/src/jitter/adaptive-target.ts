// AdaptiveTarget: NetEQ-style jitter-buffer target from the 95th percentile of relative arrival delay over a window.

/** NetEQ's delay manager targets the 0.95 quantile of relative arrival delay (anchors/voice.md §5). */
export const DEFAULT_DELAY_QUANTILE = 0.95;
/** 5 s holds ~250 samples at 20 ms frames: enough for a stable p95 (12 samples above it), short enough to relax. */
export const DEFAULT_DELAY_WINDOW_MS = 5_000;

export interface AdaptiveTargetConfig {
  /** Media duration of one packet, ms (20 or 40 for our profiles). */
  readonly frameMs: number;
  /** Bounds on the target, packets (the jitter buffer's configured min and max depth). */
  readonly minDepth: number;
  readonly maxDepth: number;
  /** Target used until the first sample arrives, packets. */
  readonly initialDepth: number;
  readonly windowMs?: number;
  readonly quantile?: number;
}

interface Sample {
  readonly arrivalMs: number;
  /** Arrival time minus media time: one-way delay plus an unknown constant clock offset. */
  readonly transitMs: number;
}

/**
 * Estimator: each packet gives transit = arrival - mediaTime. The relative delay of a packet is its transit minus
 * the smallest transit in the window (the fastest packet sets the reference, so clock offsets cancel). The target
 * delay is the configured quantile of relative delays; the target depth is ceil(p95 / frameMs) + 1 packets (the
 * extra packet covers the one being played out), clamped to [minDepth, maxDepth].
 */
export class AdaptiveTarget {
  readonly #config: Required<AdaptiveTargetConfig>;
  readonly #samples: Sample[] = [];
  #cachedDepth: number | null = null;

  constructor(config: AdaptiveTargetConfig) {
    this.#config = {
      windowMs: DEFAULT_DELAY_WINDOW_MS,
      quantile: DEFAULT_DELAY_QUANTILE,
      ...config,
    };
  }

  /** Records one packet's arrival; `mediaTimeMs` is its capture time on the sender's clock. */
  observe(mediaTimeMs: number, arrivalMs: number): void {
    this.#samples.push({ arrivalMs, transitMs: arrivalMs - mediaTimeMs });
    const horizon = arrivalMs - this.#config.windowMs;
    while ((this.#samples[0]?.arrivalMs ?? Number.POSITIVE_INFINITY) < horizon) this.#samples.shift();
    this.#cachedDepth = null;
  }

  /** The quantile of relative delay in the window, ms; null before any sample. */
  delayQuantileMs(): number | null {
    if (this.#samples.length === 0) return null;
    const transits = this.#samples.map((sample) => sample.transitMs).sort((a, b) => a - b);
    const base = transits[0] as number;
    // Nearest-rank quantile: the smallest value with at least q of the samples at or below it.
    const rank = Math.max(0, Math.ceil(this.#config.quantile * transits.length) - 1);
    return (transits[rank] as number) - base;
  }

  /** Target depth in packets, clamped to the configured bounds. */
  targetDepth(): number {
    if (this.#cachedDepth !== null) return this.#cachedDepth;
    const delay = this.delayQuantileMs();
    const raw = delay === null ? this.#config.initialDepth : Math.ceil(delay / this.#config.frameMs) + 1;
    this.#cachedDepth = Math.min(this.#config.maxDepth, Math.max(this.#config.minDepth, raw));
    return this.#cachedDepth;
  }

  /** Target buffering delay, ms. */
  targetMs(): number {
    return this.targetDepth() * this.#config.frameMs;
  }
}
