// SkippedKeys: message keys of messages not yet received (Double Ratchet §3.2 MKSKIPPED), bounded per session.

import { bytesToHex } from '@noble/hashes/utils.js';
import { erase } from './crypto/x25519.ts';

/**
 * Stored skipped keys per session, oldest evicted first. libsignal keeps 2000 per receiving chain; one per
 * session bounds memory and the persisted size even against a peer that keeps switching chains.
 */
export const MAX_SKIPPED_KEYS = 2000;

export interface SkippedKey {
  /** The ratchet public key of the chain the message belongs to. */
  readonly dh: Uint8Array;
  readonly n: number;
  readonly messageKey: Uint8Array;
}

/** Insertion-ordered, so the first entry is the oldest. Keyed by `${hex(dh)}:${n}`. */
export type SkippedKeys = Map<string, SkippedKey>;

export function storeSkippedKey(keys: SkippedKeys, entry: SkippedKey): void {
  keys.set(skippedKeyId(entry.dh, entry.n), entry);
  for (const [id, oldest] of keys) {
    if (keys.size <= MAX_SKIPPED_KEYS) break;
    erase(oldest.messageKey);
    keys.delete(id);
  }
}

/** Removes and returns the key for (dh, n), or null; the caller erases it after use. */
export function takeSkippedKey(keys: SkippedKeys, dh: Uint8Array, n: number): Uint8Array | null {
  const id = skippedKeyId(dh, n);
  const entry = keys.get(id);
  if (entry === undefined) return null;
  keys.delete(id);
  return entry.messageKey;
}

export function skippedKeyId(dh: Uint8Array, n: number): string {
  return `${bytesToHex(dh)}:${n}`;
}
