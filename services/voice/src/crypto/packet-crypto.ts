// Packet crypto: ChaCha20-Poly1305-IETF over one media packet, header as AAD: header ‖ ciphertext ‖ 16-byte tag.

import { MEDIA_HEADER_LENGTH } from '../packet/media-header.ts';
import { AEAD_TAG_LENGTH } from '../packet/media-packet.ts';
import { NONCE_LENGTH } from './nonce.ts';
import { KEY_LENGTH } from './session-keys.ts';
import { sodium } from './sodium.ts';

/** The result of opening: the plaintext, or `BadTag` when the key, nonce, header, ciphertext or tag do not match. */
export type OpenSealedResult =
  | { readonly kind: 'opened'; readonly plaintext: Uint8Array }
  | { readonly kind: 'BadTag' };

/** Returns header ‖ ChaCha20-Poly1305(key, nonce, aad = header, plaintext) ‖ tag. */
export function sealPacket(key: Uint8Array, nonce: Uint8Array, header: Uint8Array, plaintext: Uint8Array): Uint8Array {
  checkInputs(key, nonce, header);
  const sealed = sodium.crypto_aead_chacha20poly1305_ietf_encrypt(plaintext, header, null, nonce, key);
  const out = new Uint8Array(header.length + sealed.length);
  out.set(header, 0);
  out.set(sealed, header.length);
  return out;
}

/** Opens header ‖ ciphertext ‖ tag (the first 12 bytes are the AAD). */
export function openPacket(key: Uint8Array, nonce: Uint8Array, packet: Uint8Array): OpenSealedResult {
  if (packet.length < MEDIA_HEADER_LENGTH + AEAD_TAG_LENGTH) return { kind: 'BadTag' };
  const header = packet.subarray(0, MEDIA_HEADER_LENGTH);
  checkInputs(key, nonce, header);
  return openSealed(key, nonce, header, packet.subarray(MEDIA_HEADER_LENGTH));
}

/** Opens ciphertext ‖ tag against the given associated data. */
export function openSealed(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): OpenSealedResult {
  if (sealed.length < AEAD_TAG_LENGTH) return { kind: 'BadTag' };
  try {
    return {
      kind: 'opened',
      plaintext: sodium.crypto_aead_chacha20poly1305_ietf_decrypt(null, sealed, aad, nonce, key),
    };
  } catch {
    // libsodium signals a failed Poly1305 check by throwing; that outcome is the BadTag result, not an error.
    return { kind: 'BadTag' };
  }
}

function checkInputs(key: Uint8Array, nonce: Uint8Array, header: Uint8Array): void {
  if (key.length !== KEY_LENGTH) throw new RangeError(`key must be ${KEY_LENGTH} bytes`);
  if (nonce.length !== NONCE_LENGTH) throw new RangeError(`nonce must be ${NONCE_LENGTH} bytes`);
  if (header.length !== MEDIA_HEADER_LENGTH) throw new RangeError(`header must be ${MEDIA_HEADER_LENGTH} bytes`);
}
