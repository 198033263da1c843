// Packet crypto: ChaCha20-Poly1305-IETF over one media packet: header ‖ ciphertext ‖ 16-byte tag, with the header
// (its hop-level FEC-ratio and Q bits cleared, mediaAad) as associated data.

import { MEDIA_HEADER_LENGTH, mediaAad } from '../packet/media-header.ts';
import { AEAD_TAG_LENGTH } from '../packet/media-packet.ts';
import { type Aead, wasmAead } from './aead.ts';
import { NONCE_LENGTH } from './nonce.ts';
import { KEY_LENGTH } from './session-keys.ts';

/** The result of opening: the plaintext, or `BadTag` when the key, nonce, header, ciphertext or tag do not match. */
export type OpenSealedResult =
  | { readonly kind: 'opened'; readonly plaintext: Uint8Array }
  | { readonly kind: 'BadTag' };

/** Returns header ‖ ChaCha20-Poly1305(key, nonce, aad = mediaAad(header), plaintext) ‖ tag. */
export function sealPacket(
  key: Uint8Array,
  nonce: Uint8Array,
  header: Uint8Array,
  plaintext: Uint8Array,
  aead: Aead = wasmAead,
): Uint8Array {
  checkInputs(key, nonce, header);
  const sealed = aead.encrypt(key, nonce, mediaAad(header), plaintext);
  const out = new Uint8Array(header.length + sealed.length);
  out.set(header, 0);
  out.set(sealed, header.length);
  return out;
}

/** Opens header ‖ ciphertext ‖ tag (the first 12 bytes, ratio and Q bits cleared, are the AAD). */
export function openPacket(
  key: Uint8Array,
  nonce: Uint8Array,
  packet: Uint8Array,
  aead: Aead = wasmAead,
): OpenSealedResult {
  if (packet.length < MEDIA_HEADER_LENGTH + AEAD_TAG_LENGTH) return { kind: 'BadTag' };
  const header = packet.subarray(0, MEDIA_HEADER_LENGTH);
  checkInputs(key, nonce, header);
  return openSealed(key, nonce, mediaAad(header), packet.subarray(MEDIA_HEADER_LENGTH), aead);
}

/** Opens ciphertext ‖ tag against the given associated data. */
export function openSealed(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  sealed: Uint8Array,
  aead: Aead = wasmAead,
): OpenSealedResult {
  if (sealed.length < AEAD_TAG_LENGTH) return { kind: 'BadTag' };
  const plaintext = aead.decrypt(key, nonce, aad, sealed);
  return plaintext === null ? { kind: 'BadTag' } : { kind: 'opened', plaintext };
}

function checkInputs(key: Uint8Array, nonce: Uint8Array, header: Uint8Array): void {
  if (key.length !== KEY_LENGTH) throw new RangeError(`key must be ${KEY_LENGTH} bytes`);
  if (nonce.length !== NONCE_LENGTH) throw new RangeError(`nonce must be ${NONCE_LENGTH} bytes`);
  if (header.length !== MEDIA_HEADER_LENGTH) throw new RangeError(`header must be ${MEDIA_HEADER_LENGTH} bytes`);
}
