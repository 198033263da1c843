// Fixtures for the file-transfer tests: deterministic content and shuffles, chunk delivery, byte surgery.

import { sodium } from '../../src/crypto/sodium.ts';
import type { FileReceiver } from '../../src/index.ts';

export const KiB = 1024;
export const MiB = 1024 * KiB;
/** Offsets in a FileChunk body: version (1) ‖ fileId (16) ‖ index (4) ‖ ciphertext. */
export const CHUNK_INDEX_AT = 17;
export const CHUNK_CIPHERTEXT_AT = 21;

/** `length` reproducible pseudo-random bytes (libsodium's seeded generator). */
export function content(length: number, seed = 1): Uint8Array {
  return sodium.randombytes_buf_deterministic(length, new Uint8Array(32).fill(seed));
}

/** A reproducible Fisher-Yates shuffle (mulberry32), so a failure replays with the same order. */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Delivers every chunk, then finishes: the whole receiving side in one call. */
export function receiveAll(receiver: FileReceiver, chunks: readonly Uint8Array[]): Uint8Array {
  for (const chunk of chunks) receiver.receive(chunk);
  return receiver.finish();
}

export function flipBit(bytes: Uint8Array, at: number, bit = 0): Uint8Array {
  const copy = bytes.slice();
  copy[at] = (copy[at] as number) ^ (1 << bit);
  return copy;
}

export function withIndex(chunk: Uint8Array, index: number): Uint8Array {
  const copy = chunk.slice();
  new DataView(copy.buffer).setUint32(CHUNK_INDEX_AT, index, false);
  return copy;
}

/** Chunk `from`'s ciphertext under chunk `to`'s label. */
export function relabelled(chunks: readonly Uint8Array[], from: number, to: number): Uint8Array {
  return withIndex(chunks[from] as Uint8Array, to);
}
