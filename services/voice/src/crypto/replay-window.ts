// ReplayWindow: 1024-packet sliding anti-replay window over the 16-bit sequence number, RFC 1982 serial arithmetic.

import { SEQ_MODULUS, seqDistance } from '../packet/serial-number.ts';

/** Seed limit; libwebrtc's SRTP replay window is also 1,024 (anchors/voice.md §6.1). */
export const REPLAY_WINDOW_SIZE = 1024;

export type ReplayVerdict = 'fresh' | 'duplicate' | 'too-old';

export class ReplayWindow {
  /** One bit per sequence number modulo the window size (1024 divides 65536, so slots never alias). */
  readonly #seen = new Uint32Array(REPLAY_WINDOW_SIZE / 32);
  #highest: number | null = null;

  get highest(): number | null {
    return this.#highest;
  }

  /** Judges `seq` without recording it: call `commit` only after the packet authenticated. */
  check(seq: number): ReplayVerdict {
    if (this.#highest === null) return 'fresh';
    // seqDistance reads the RFC 1982 undefined distance of exactly 2^15 as behind, so such a packet is too old.
    const ahead = seqDistance(this.#highest, seq);
    if (ahead === 0) return 'duplicate';
    if (ahead > 0) return 'fresh';
    if (-ahead >= REPLAY_WINDOW_SIZE) return 'too-old';
    return this.#bit(seq) ? 'duplicate' : 'fresh';
  }

  /** Records an authenticated `seq`, sliding the window forward when it is the newest. */
  commit(seq: number): void {
    if (this.#highest === null) {
      this.#highest = seq;
      this.#set(seq);
      return;
    }
    const ahead = seqDistance(this.#highest, seq);
    if (ahead > 0) {
      if (ahead >= REPLAY_WINDOW_SIZE) {
        this.#seen.fill(0);
      } else {
        for (let step = 1; step <= ahead; step++) this.#clear((this.#highest + step) % SEQ_MODULUS);
      }
      this.#highest = seq;
    }
    this.#set(seq);
  }

  #bit(seq: number): boolean {
    const slot = seq % REPLAY_WINDOW_SIZE;
    return (((this.#seen[slot >> 5] as number) >>> (slot & 31)) & 1) === 1;
  }

  #set(seq: number): void {
    const slot = seq % REPLAY_WINDOW_SIZE;
    this.#seen[slot >> 5] = (this.#seen[slot >> 5] as number) | (1 << (slot & 31));
  }

  #clear(seq: number): void {
    const slot = seq % REPLAY_WINDOW_SIZE;
    this.#seen[slot >> 5] = (this.#seen[slot >> 5] as number) & ~(1 << (slot & 31));
  }
}
