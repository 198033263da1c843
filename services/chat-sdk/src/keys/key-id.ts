// Prekey ids: integers 1 .. 2^24-1 (0 is "no one-time prekey" on the wire); allocation and validation.

import { sodium } from '../crypto/sodium.ts';
import { InvalidKeyError } from '../errors.ts';

export const MAX_KEY_ID = 2 ** 24 - 1;

export function isKeyId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_KEY_ID;
}

export function assertKeyId(id: number): void {
  if (!isKeyId(id)) throw new InvalidKeyError(`key id ${id} is outside 1 .. ${MAX_KEY_ID}`);
}

/** A random id not in `taken`; random rather than sequential so a store restored from an old backup rarely collides. */
export function allocateKeyId(taken: ReadonlyMap<number, unknown>): number {
  if (taken.size >= MAX_KEY_ID) throw new InvalidKeyError('every prekey id is in use');
  for (;;) {
    const id = sodium.randombytes_uniform(MAX_KEY_ID) + 1;
    if (!taken.has(id)) return id;
  }
}
