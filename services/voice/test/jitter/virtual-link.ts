// A deterministic in-memory link and call driver on a virtual clock: seeded loss, reorder and delay jitter.

import { seededRandom } from '../../../../scripts/test-support/seeded-random.ts';
import { JitterBuffer, type JitterPacket, type PlayoutResult } from '../../src/jitter/jitter-buffer.ts';
import type { JitterBufferConfig } from '../../src/jitter/jitter-config.ts';

export interface LinkConditions {
  readonly seed: number;
  /** One-way delay every packet pays, ms. */
  readonly baseDelayMs: number;
  /** Extra delay drawn uniformly from [0, jitterMs], ms. */
  readonly jitterMs: number;
  /** Probability a packet is dropped. */
  readonly loss: number;
  /** Probability a packet is held back by `reorderDelayMs` more, arriving after its successors. */
  readonly reorder: number;
  readonly reorderDelayMs?: number;
}

interface InFlight<T> {
  readonly at: number;
  readonly order: number;
  readonly packet: T;
}

export class VirtualLink<T> {
  readonly #random: () => number;
  readonly #conditions: LinkConditions;
  #inFlight: InFlight<T>[] = [];
  #order = 0;

  constructor(conditions: LinkConditions) {
    this.#conditions = conditions;
    this.#random = seededRandom(conditions.seed);
  }

  send(packet: T, now: number): void {
    const c = this.#conditions;
    if (this.#random() < c.loss) return;
    let delay = c.baseDelayMs + this.#random() * c.jitterMs;
    if (this.#random() < c.reorder) delay += c.reorderDelayMs ?? 60;
    this.#inFlight.push({ at: now + delay, order: this.#order++, packet });
  }

  /** Packets whose arrival time is at or before `now`, in arrival order. */
  deliver(now: number): T[] {
    const due = this.#inFlight.filter((entry) => entry.at <= now).sort((a, b) => a.at - b.at || a.order - b.order);
    this.#inFlight = this.#inFlight.filter((entry) => entry.at > now);
    return due.map((entry) => entry.packet);
  }
}

export interface CallRun {
  readonly buffer: JitterBuffer<JitterPacket>;
  readonly results: PlayoutResult<JitterPacket>[];
  /** Mouth-to-ear per played packet: playout time minus capture start (mediaTime), plus one frame of capture. */
  readonly mouthToEarMs: number[];
}

/**
 * A sender capturing one frame every `frameMs` (silent during `isSilent` frames, as with DTX), the link, and a
 * receiver that pushes arrivals each virtual millisecond and pops once per frame.
 */
export function runCall(options: {
  readonly config: JitterBufferConfig;
  readonly link: LinkConditions;
  readonly frames: number;
  readonly frameMs?: number;
  readonly firstSeq?: number;
  readonly isSilent?: (frame: number) => boolean;
}): CallRun {
  const frameMs = options.frameMs ?? 20;
  const buffer = new JitterBuffer<JitterPacket>(options.config);
  const link = new VirtualLink<JitterPacket>(options.link);
  const results: PlayoutResult<JitterPacket>[] = [];
  const mouthToEarMs: number[] = [];
  let seq = options.firstSeq ?? 0;
  const end = options.frames * frameMs + 2_000;
  for (let now = 0; now <= end; now += 1) {
    if (now % frameMs === 0 && now / frameMs < options.frames) {
      // The frame captured over [now - frameMs, now) leaves at `now`; its media time is its capture start.
      const frame = now / frameMs;
      if (!(options.isSilent?.(frame) ?? false)) {
        link.send({ seq, mediaTimeMs: now - frameMs }, now);
        seq = (seq + 1) & 0xffff;
      }
    }
    for (const packet of link.deliver(now)) buffer.push(packet, now);
    // The playout clock ticks half a frame after the capture clock: the two are never aligned in practice.
    if (now % frameMs === frameMs / 2) {
      const result = buffer.pop(now);
      results.push(result);
      if (result.kind === 'Packet') mouthToEarMs.push(now - result.packet.mediaTimeMs);
    }
  }
  return { buffer, results, mouthToEarMs };
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}
