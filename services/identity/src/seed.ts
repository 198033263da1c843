// The identity seed: 32 bytes, its hex form and its generation.

import { InvalidSeedError } from './errors.ts';

/** The identity is exactly 32 bytes: the BIP39 entropy of a 24-word mnemonic and HKDF's input key material. */
export const SEED_BYTES = 32;

const SEED_HEX = /^[0-9a-fA-F]{64}$/;

/** A fresh random seed from the platform CSPRNG. */
export function generateSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

/** Throws unless `seed` is exactly {@link SEED_BYTES} bytes. */
export function assertSeed(seed: Uint8Array): void {
  if (seed.length !== SEED_BYTES) {
    throw new InvalidSeedError(`a seed is ${SEED_BYTES} bytes, got ${seed.length}`);
  }
}

/** Parses 64 hex characters (either case) into a seed. */
export function parseSeedHex(text: string): Uint8Array {
  if (!SEED_HEX.test(text)) {
    throw new InvalidSeedError(`a seed is ${SEED_BYTES * 2} hex characters, got ${JSON.stringify(text)}`);
  }
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** The seed as 64 lowercase hex characters. */
export function seedToHex(seed: Uint8Array): string {
  assertSeed(seed);
  return Array.from(seed, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
