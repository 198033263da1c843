// Sealed sessions at rest: XChaCha20-Poly1305 under the identity's history key, the versioned header as AD.
//
//   sealed = "KCS" ‖ version u8 (1) ‖ nonce (24, random) ‖ ciphertext (serialized session ‖ 16-byte tag)

import { NONCE_BYTES, open, randomNonce, seal, TAG_BYTES } from './crypto/aead.ts';
import { concat } from './crypto/kdf.ts';
import { assertKeyLength } from './crypto/x25519.ts';
import { MalformedInputError, SessionOpenError, TooShortError, UnsupportedVersionError } from './errors.ts';

export const SEALED_SESSION_VERSION = 1;
/** "KCS" (Keel Chat Session): keeps a sealed session from opening as any other blob sealed with the history key. */
const MAGIC = new TextEncoder().encode('KCS');
const HEADER = concat([MAGIC, Uint8Array.of(SEALED_SESSION_VERSION)]);
const MIN_SEALED_BYTES = HEADER.length + NONCE_BYTES + TAG_BYTES;

export function sealSession(historyKey: Uint8Array, session: Uint8Array): Uint8Array {
  assertKeyLength('history key', historyKey);
  const nonce = randomNonce();
  return concat([HEADER, nonce, seal(historyKey, nonce, HEADER, session)]);
}

/** The serialized session; a wrong key or any altered byte is a SessionOpenError. */
export function openSession(historyKey: Uint8Array, sealed: Uint8Array): Uint8Array {
  assertKeyLength('history key', historyKey);
  if (sealed.length < MIN_SEALED_BYTES) throw new TooShortError('sealed session', MIN_SEALED_BYTES, sealed.length);
  if (!MAGIC.every((byte, i) => sealed[i] === byte))
    throw new MalformedInputError('sealed session', 'not a sealed session (bad magic)');
  const version = sealed[MAGIC.length] as number;
  if (version !== SEALED_SESSION_VERSION)
    throw new UnsupportedVersionError('sealed session', version, SEALED_SESSION_VERSION);
  const nonce = sealed.subarray(HEADER.length, HEADER.length + NONCE_BYTES);
  const plaintext = open(historyKey, nonce, HEADER, sealed.subarray(HEADER.length + NONCE_BYTES));
  if (plaintext === null) throw new SessionOpenError();
  return plaintext;
}
