// Aead: the ChaCha20-Poly1305-IETF primitive the packet path calls. The default is libsodium's WASM build, which runs
// everywhere the core runs (Bun, the browser); a host with native libsodium injects a faster one (native/).

import { sodium } from './sodium.ts';

export interface Aead {
  /** ciphertext ‖ 16-byte tag. Inputs are already length-checked by the caller. */
  encrypt(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Uint8Array;
  /** The plaintext, or null when the tag does not verify. */
  decrypt(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Uint8Array | null;
}

export const wasmAead: Aead = {
  encrypt: (key, nonce, aad, plaintext) =>
    sodium.crypto_aead_chacha20poly1305_ietf_encrypt(plaintext, aad, null, nonce, key),
  decrypt: (key, nonce, aad, sealed) => {
    try {
      return sodium.crypto_aead_chacha20poly1305_ietf_decrypt(null, sealed, aad, nonce, key);
    } catch {
      // libsodium signals a failed Poly1305 check by throwing; that is a null result, not an error.
      return null;
    }
  },
};
