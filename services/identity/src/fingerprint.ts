// The identity fingerprint people compare: a short, grouped hash of the Ed25519 public key.

import { sha256 } from '@noble/hashes/sha2.js';
import { InvalidPublicKeyError } from './errors.ts';

/** First 16 bytes of SHA-256 (seed: "Fingerprint"): 128 bits, enough to rule out a second-preimage in practice. */
export const FINGERPRINT_BYTES = 16;

/** Four hex characters per group: eight groups read aloud more easily than one 32-character run. */
const GROUP_CHARS = 4;

const ED25519_PUBLIC_BYTES = 32;

/** `xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx`, lowercase hex of SHA-256(ed25519Public)[0..16]. */
export function fingerprint(ed25519Public: Uint8Array): string {
  if (ed25519Public.length !== ED25519_PUBLIC_BYTES) {
    throw new InvalidPublicKeyError(
      `an Ed25519 public key is ${ED25519_PUBLIC_BYTES} bytes, got ${ed25519Public.length}`,
    );
  }
  const digest = sha256(ed25519Public).subarray(0, FINGERPRINT_BYTES);
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.match(new RegExp(`.{${GROUP_CHARS}}`, 'g'))?.join(':') ?? '';
}
