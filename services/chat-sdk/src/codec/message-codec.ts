// The ordinary ratchet message on the wire and its header, the part the AEAD authenticates as associated data.
//
//   header  = dh (32, sender's ratchet public key) ‖ pn (u32 BE) ‖ n (u32 BE)                        40 bytes
//   message = format 0x01 ‖ header ‖ nonce (24) ‖ ciphertext (XChaCha20-Poly1305, tag included, ≥ 16)

import { NONCE_BYTES, TAG_BYTES } from '../crypto/aead.ts';
import { X25519_KEY_BYTES } from '../crypto/x25519.ts';
import { UnsupportedVersionError } from '../errors.ts';
import { ByteReader } from './byte-reader.ts';
import { ByteWriter } from './byte-writer.ts';

/** The leading byte of every ratchet message; a PreKeyMessage starts with PREKEY_MESSAGE_VERSION instead. */
export const MESSAGE_VERSION = 0x01;
export const HEADER_BYTES = X25519_KEY_BYTES + 4 + 4;

export interface MessageHeader {
  readonly dh: Uint8Array;
  readonly pn: number;
  readonly n: number;
}

export interface RatchetMessage {
  readonly header: MessageHeader;
  readonly nonce: Uint8Array;
  readonly ciphertext: Uint8Array;
}

export function encodeHeader(header: MessageHeader): Uint8Array {
  return new ByteWriter().bytes(header.dh).u32(header.pn).u32(header.n).finish();
}

export function encodeMessage(message: RatchetMessage): Uint8Array {
  return new ByteWriter()
    .u8(MESSAGE_VERSION)
    .bytes(encodeHeader(message.header))
    .bytes(message.nonce)
    .bytes(message.ciphertext)
    .finish();
}

export function decodeMessage(bytes: Uint8Array): RatchetMessage {
  const reader = new ByteReader(bytes, 'message');
  const version = reader.u8();
  if (version !== MESSAGE_VERSION) throw new UnsupportedVersionError('message', version, MESSAGE_VERSION);
  const header = { dh: reader.bytes(X25519_KEY_BYTES), pn: reader.u32(), n: reader.u32() };
  const nonce = reader.bytes(NONCE_BYTES);
  if (reader.remaining < TAG_BYTES) reader.fail(`ciphertext of ${reader.remaining} bytes is shorter than the tag`);
  return { header, nonce, ciphertext: reader.rest() };
}
