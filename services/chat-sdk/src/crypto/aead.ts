// XChaCha20-Poly1305-IETF (libsodium) with a random 24-byte nonce: the AEAD for messages and sealed sessions.

import { sodium } from './sodium.ts';

export const NONCE_BYTES = 24;
export const TAG_BYTES = 16;

/** A fresh random nonce; 192 bits make random nonces safe even when a key is reused (the sealed-session key). */
export function randomNonce(): Uint8Array {
  return sodium.randombytes_buf(NONCE_BYTES);
}

/** ciphertext ‖ 16-byte tag. */
export function seal(key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, plaintext: Uint8Array): Uint8Array {
  return sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, ad, null, nonce, key);
}

/** The plaintext, or null when the tag does not verify. */
export function open(key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, sealed: Uint8Array): Uint8Array | null {
  try {
    return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, sealed, ad, nonce, key);
  } catch {
    // libsodium signals a failed Poly1305 check by throwing; that is a null result, the caller types the error.
    return null;
  }
}
