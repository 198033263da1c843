// PacketSealer: the sending side of one direction; owns the key copy and the 32-bit packet counter (never reused).

import { NonceExhaustedError } from '../errors.ts';
import { encodeMediaHeader, MEDIA_VERSION, type MediaHeader, mediaAad } from '../packet/media-header.ts';
import { encodeMediaPacket } from '../packet/media-packet.ts';
import type { QualityReport } from '../packet/quality-trailer.ts';
import { type Aead, wasmAead } from './aead.ts';
import { buildNonce, type Direction } from './nonce.ts';
import { erase, sessionIdOf } from './session-keys.ts';

/** Seed: rekey every 65,536 packets (2^16), so the 16-bit header sequence is unambiguous within an epoch. */
export const REKEY_INTERVAL_PACKETS = 0x1_0000;
/**
 * The Rekey exchange starts this many packets before the switch (about 80 s of GOOD media), so the new key is ready
 * when the counter reaches the interval; MediaSender installs it exactly there, keeping the 16-bit sequence
 * continuous across epochs.
 */
export const REKEY_LEAD_PACKETS = 4096;
/** The nonce carries a u32 index: 2^32 packets per key, after which sealing would reuse a nonce. */
export const MAX_PACKETS_PER_KEY = 0x1_0000_0000;

/** Everything in the header the sealer does not decide itself (version, seq and Q are its own). */
export type OutgoingHeader = Omit<MediaHeader, 'version' | 'seq' | 'quality'>;

export interface SealedMedia {
  /** The datagram: header ‖ ciphertext ‖ tag ‖ [quality trailer]. */
  readonly packet: Uint8Array;
  /** The 32-bit counter value in the nonce; the header carries its low 16 bits. */
  readonly index: number;
  /** True once this key has sealed 61,440 packets: start the Rekey exchange (sending continues meanwhile). */
  readonly rekeyDue: boolean;
}

export class PacketSealer {
  readonly direction: Direction;
  readonly #aead: Aead;
  #key: Uint8Array;
  #sessionId: Uint8Array;
  #next: number;

  /**
   * Copies `key`; the caller erases its own copy. `firstIndex` exists for tests that start near the counter's end.
   */
  constructor({
    key,
    direction,
    firstIndex = 0,
    aead = wasmAead,
  }: { key: Uint8Array; direction: Direction; firstIndex?: number; aead?: Aead }) {
    this.direction = direction;
    this.#aead = aead;
    this.#key = key.slice();
    this.#sessionId = sessionIdOf(this.#key);
    this.#next = firstIndex;
  }

  /** Packets sealed under the current key (the next index). */
  get sealedCount(): number {
    return this.#next;
  }

  get rekeyDue(): boolean {
    return this.#next >= REKEY_INTERVAL_PACKETS - REKEY_LEAD_PACKETS;
  }

  seal(header: OutgoingHeader, payload: Uint8Array, trailer: QualityReport | null = null): SealedMedia {
    if (this.#next >= MAX_PACKETS_PER_KEY) throw new NonceExhaustedError();
    const index = this.#next;
    const full: MediaHeader = { ...header, version: MEDIA_VERSION, seq: index & 0xffff, quality: trailer !== null };
    const headerBytes = encodeMediaHeader(full);
    const nonce = buildNonce(this.#sessionId, index, this.direction);
    // Key (checked by sessionIdOf), nonce and header lengths are fixed here, so the AEAD is called directly.
    const sealed = this.#aead.encrypt(this.#key, nonce, mediaAad(headerBytes), payload);
    // Consistency (csrc vs length, Q vs trailer) is checked before the counter moves, so a refused packet burns no index.
    const packet = encodeMediaPacket({ header: full, sealed, trailer });
    this.#next = index + 1;
    return { packet, index, rekeyDue: this.rekeyDue };
  }

  /** Installs the next epoch's key: the old key is overwritten and the counter restarts at zero (seed: counters reset). */
  rekey(newKey: Uint8Array): void {
    erase(this.#key);
    this.#key = newKey.slice();
    this.#sessionId = sessionIdOf(this.#key);
    this.#next = 0;
  }

  /** Overwrites the key at hangup. */
  erase(): void {
    erase(this.#key);
  }
}
