// PacketOpener: the receiving side of one direction: index recovery, anti-replay, and the rekey grace window.
//
// Grace window: on rekey the current key becomes the *previous* epoch and stays usable, so packets sealed before
// the peer switched keys still open when they arrive late or reordered. Like QUIC's key update (RFC 9001 §6.5,
// keep old read keys for about three PTOs after a packet under the new keys), the clock starts with the first
// packet that opens under the new key; the previous key is then erased REKEY_GRACE_MS later, or after
// REKEY_GRACE_PACKETS new-epoch packets, whichever comes first, or when the next rekey installs another key.

import { type MediaHeader, mediaAad } from '../packet/media-header.ts';
import { decodeMediaPacket } from '../packet/media-packet.ts';
import type { QualityReport } from '../packet/quality-trailer.ts';
import { type Aead, wasmAead } from './aead.ts';
import { buildNonce, type Direction } from './nonce.ts';
import { openSealed } from './packet-crypto.ts';
import { REPLAY_WINDOW_SIZE, ReplayWindow } from './replay-window.ts';
import { erase, sessionIdOf } from './session-keys.ts';

/** Twice the seed's 1 s jitter-buffer target: a packet later than that is concealed anyway. */
export const REKEY_GRACE_MS = 2000;
/** After a full replay window of new-epoch packets, anything from the old epoch is far behind the playout point. */
export const REKEY_GRACE_PACKETS = REPLAY_WINDOW_SIZE;

export type OpenResult =
  | {
      readonly kind: 'opened';
      readonly header: MediaHeader;
      readonly payload: Uint8Array;
      readonly trailer: QualityReport | null;
      /** The recovered 32-bit counter used in the nonce. */
      readonly index: number;
      /** Which key opened it: `previous` only within the grace window after a rekey. */
      readonly epoch: 'current' | 'previous';
    }
  | { readonly kind: 'BadTag' }
  | { readonly kind: 'ReplayDetected'; readonly reason: 'duplicate' | 'too-old' };

/** Tried in this order: the current key first, the previous one only during the rekey grace window. */
const EPOCH_ORDER = ['current', 'previous'] as const;

interface Epoch {
  readonly key: Uint8Array;
  readonly sessionId: Uint8Array;
  readonly replay: ReplayWindow;
  /** Highest 32-bit index opened under this key, for recovering the index from the 16-bit sequence. */
  highestIndex: number | null;
}

function newEpoch(key: Uint8Array): Epoch {
  const copy = key.slice();
  return { key: copy, sessionId: sessionIdOf(copy), replay: new ReplayWindow(), highestIndex: null };
}

/**
 * The u32 index nearest the highest seen whose low 16 bits are `seq` (RFC 3711 §3.3.1's ROC estimate). Epochs
 * start at zero, so before any packet the index is `seq` itself.
 */
export function recoverIndex(highest: number | null, seq: number): number {
  if (highest === null) return seq;
  const base = highest - (highest % 0x1_0000) + seq;
  let best = base;
  for (const candidate of [base - 0x1_0000, base + 0x1_0000]) {
    if (candidate >= 0 && candidate <= 0xffff_ffff && Math.abs(candidate - highest) < Math.abs(best - highest)) {
      best = candidate;
    }
  }
  return best;
}

export class PacketOpener {
  /** The direction of the packets this opener receives (the peer's sending direction). */
  readonly direction: Direction;
  readonly #aead: Aead;
  readonly #graceMs: number;
  readonly #gracePackets: number;
  #current: Epoch;
  #previous: Epoch | null = null;
  /** Set when the first new-epoch packet opens; null while the previous key waits for the peer to switch. */
  #previousDeadline: number | null = null;
  #openedSinceRekey = 0;

  /** Copies `key`; the caller erases its own copy. */
  constructor({
    key,
    direction,
    graceMs = REKEY_GRACE_MS,
    gracePackets = REKEY_GRACE_PACKETS,
    aead = wasmAead,
  }: { key: Uint8Array; direction: Direction; graceMs?: number; gracePackets?: number; aead?: Aead }) {
    this.direction = direction;
    this.#aead = aead;
    this.#graceMs = graceMs;
    this.#gracePackets = gracePackets;
    this.#current = newEpoch(key);
  }

  /** True while the previous epoch's key is still held. */
  get hasPreviousKey(): boolean {
    return this.#previous !== null;
  }

  /** Installs the next epoch's key; the old current key is kept for the grace window, any older one erased now. */
  installKey(newKey: Uint8Array): void {
    this.#dropPrevious();
    this.#previous = this.#current;
    this.#current = newEpoch(newKey);
    this.#previousDeadline = null;
    this.#openedSinceRekey = 0;
  }

  open(now: number, datagram: Uint8Array): OpenResult {
    this.handleTimeout(now);
    const packet = decodeMediaPacket(datagram);
    const seq = packet.header.seq;
    const aad = mediaAad(packet.headerBytes);
    let replayed: 'duplicate' | 'too-old' | null = null;
    for (const name of EPOCH_ORDER) {
      const epoch = name === 'current' ? this.#current : this.#previous;
      if (epoch === null) continue;
      const verdict = epoch.replay.check(seq);
      if (verdict !== 'fresh') {
        replayed ??= verdict;
        continue;
      }
      const index = recoverIndex(epoch.highestIndex, seq);
      const nonce = buildNonce(epoch.sessionId, index, this.direction);
      const opened = openSealed(epoch.key, nonce, aad, packet.sealed, this.#aead);
      if (opened.kind === 'BadTag') continue;
      epoch.replay.commit(seq);
      if (epoch.highestIndex === null || index > epoch.highestIndex) epoch.highestIndex = index;
      if (name === 'current') this.#countNewEpochPacket(now);
      return {
        kind: 'opened',
        header: packet.header,
        payload: opened.plaintext,
        trailer: packet.trailer,
        index,
        epoch: name,
      };
    }
    return replayed === null ? { kind: 'BadTag' } : { kind: 'ReplayDetected', reason: replayed };
  }

  /** The time at which the previous key will be erased, or null when no deadline is pending. */
  pollTimeout(): number | null {
    return this.#previousDeadline;
  }

  handleTimeout(now: number): void {
    if (this.#previousDeadline !== null && now >= this.#previousDeadline) this.#dropPrevious();
  }

  /** Overwrites every key held, at hangup. */
  erase(): void {
    this.#dropPrevious();
    erase(this.#current.key);
  }

  #countNewEpochPacket(now: number): void {
    if (this.#previous === null) return;
    this.#previousDeadline ??= now + this.#graceMs;
    this.#openedSinceRekey += 1;
    if (this.#openedSinceRekey >= this.#gracePackets) this.#dropPrevious();
  }

  #dropPrevious(): void {
    if (this.#previous !== null) erase(this.#previous.key);
    this.#previous = null;
    this.#previousDeadline = null;
  }
}
