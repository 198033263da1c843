// JitterBuffer: reorders media packets by 16-bit sequence number and plays them out on the driver's clock.

import { SEQ_MODULUS, seqAdd, seqDistance } from '../packet/serial-number.ts';
import { AdaptiveTarget } from './adaptive-target.ts';
import { type JitterBufferConfig, SEED_JITTER_CONFIG, validateJitterConfig } from './jitter-config.ts';

export interface JitterPacket {
  /** 16-bit media sequence number. */
  readonly seq: number;
  /** Capture time on the sender's clock in ms (the header timestamp converted); used by the adaptive target only. */
  readonly mediaTimeMs: number;
}

export type PlayoutResult<T extends JitterPacket> =
  | { readonly kind: 'Packet'; readonly seq: number; readonly packet: T }
  /**
   * The packet due now never arrived (or was evicted): the decoder conceals one frame. `next` is the packet that
   * plays right after it when it is already held, so a codec with in-band FEC (Opus) can rebuild the lost frame
   * from it.
   */
  | { readonly kind: 'Missing'; readonly seq: number; readonly next: T | null }
  /** Buffering (before playout starts, or after an underrun): play silence or comfort noise. */
  | { readonly kind: 'NotReady' };

export type PushResult = 'Accepted' | 'Duplicate' | 'Late';

/** The seed's six counters. `received` counts packets accepted into the buffer (not duplicates or late ones). */
export interface JitterCounters {
  readonly received: number;
  readonly played: number;
  readonly lost: number;
  readonly late: number;
  readonly duplicate: number;
  readonly depth: number;
}

const OUTCOME_UNKNOWN = 0;
const OUTCOME_PLAYED = 1;
const OUTCOME_MISSED = 2;

export class JitterBuffer<T extends JitterPacket> {
  readonly #config: JitterBufferConfig;
  readonly #adaptive: AdaptiveTarget | null;
  /** Held packets, oldest first in serial order; all within maxDepth of each other, far below 2^15. */
  #packets: T[] = [];
  /** The sequence number due at the next playout; null until playout first starts. */
  #nextSeq: number | null = null;
  #playing = false;
  /** What happened to each recent sequence number, so a re-sent played packet counts duplicate, not late. */
  readonly #outcomes = new Uint8Array(SEQ_MODULUS);
  #received = 0;
  #played = 0;
  #lost = 0;
  #late = 0;
  #duplicate = 0;

  constructor(config: JitterBufferConfig = SEED_JITTER_CONFIG) {
    validateJitterConfig(config);
    this.#config = config;
    this.#adaptive =
      config.adaptive === null
        ? null
        : new AdaptiveTarget({
            ...config.adaptive,
            minDepth: config.minDepth,
            maxDepth: config.maxDepth,
            initialDepth: config.targetDepth,
          });
  }

  /** Current target depth, packets: fixed, or the adaptive estimate within [minDepth, maxDepth]. */
  get targetDepth(): number {
    return this.#adaptive?.targetDepth() ?? this.#config.targetDepth;
  }

  get depth(): number {
    return this.#packets.length;
  }

  counters(): JitterCounters {
    return {
      received: this.#received,
      played: this.#played,
      lost: this.#lost,
      late: this.#late,
      duplicate: this.#duplicate,
      depth: this.#packets.length,
    };
  }

  push(packet: T, now: number): PushResult {
    const { seq } = packet;
    if (this.#nextSeq !== null && seqDistance(this.#nextSeq, seq) < 0) {
      if (this.#outcomes[seq] === OUTCOME_PLAYED) {
        this.#duplicate += 1;
        return 'Duplicate';
      }
      this.#late += 1;
      return 'Late';
    }
    const index = this.#insertionIndex(seq);
    if (this.#packets[index]?.seq === seq) {
      this.#duplicate += 1;
      return 'Duplicate';
    }
    this.#packets.splice(index, 0, packet);
    this.#received += 1;
    this.#adaptive?.observe(packet.mediaTimeMs, now);
    while (this.#packets.length > this.#config.maxDepth) this.#evictOldest();
    return 'Accepted';
  }

  /** Called once per frame interval by the driver's playout clock. */
  pop(_now: number): PlayoutResult<T> {
    const head = this.#packets[0];
    if (!this.#playing) {
      if (head === undefined || this.#packets.length < this.targetDepth) return { kind: 'NotReady' };
      this.#playing = true;
      this.#nextSeq ??= head.seq;
    }
    if (head === undefined || this.#nextSeq === null) {
      // Underrun (end of a talk spurt, or a late burst): rebuffer to the current target before playing again.
      this.#playing = false;
      return { kind: 'NotReady' };
    }
    const gap = seqDistance(this.#nextSeq, head.seq);
    if (gap > this.#config.maxDepth) {
      // A gap longer than the buffer (an outage): skip it rather than conceal frame by frame.
      this.#markLost(this.#nextSeq, gap);
      this.#nextSeq = head.seq;
    } else if (gap > 0) {
      const seq = this.#nextSeq;
      this.#markLost(seq, 1);
      this.#nextSeq = seqAdd(seq, 1);
      return { kind: 'Missing', seq, next: gap === 1 ? head : null };
    }
    this.#packets.shift();
    this.#settle(head.seq, OUTCOME_PLAYED);
    this.#played += 1;
    this.#nextSeq = seqAdd(head.seq, 1);
    return { kind: 'Packet', seq: head.seq, packet: head };
  }

  /** Forgets everything except the counters; for a sender whose sequence restarts (rekey resets counters). */
  reset(): void {
    this.#packets = [];
    this.#nextSeq = null;
    this.#playing = false;
    this.#outcomes.fill(OUTCOME_UNKNOWN);
  }

  #insertionIndex(seq: number): number {
    const first = this.#packets[0];
    if (first === undefined) return 0;
    // Order relative to the oldest held packet; every candidate is within 2^15 of it (RFC 1982).
    const offset = seqDistance(first.seq, seq);
    let low = 0;
    let high = this.#packets.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const midSeq = (this.#packets[mid] as T).seq;
      if (seqDistance(first.seq, midSeq) < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #evictOldest(): void {
    const oldest = this.#packets.shift() as T;
    const from = this.#nextSeq ?? oldest.seq;
    // The never-received sequence numbers before it and the evicted packet itself will never play.
    this.#markLost(from, seqDistance(from, oldest.seq) + 1);
    this.#nextSeq = seqAdd(oldest.seq, 1);
  }

  #markLost(from: number, count: number): void {
    for (let i = 0; i < count; i += 1) this.#settle(seqAdd(from, i), OUTCOME_MISSED);
    this.#lost += count;
  }

  #settle(seq: number, outcome: number): void {
    this.#outcomes[seq] = outcome;
    // Forget the half of the space that is now "ahead", so stale outcomes never meet a new lap.
    this.#outcomes[seqAdd(seq, 0x8000)] = OUTCOME_UNKNOWN;
  }
}
