// The PreKeyMessage: X3DH's initial message, sent by the initiator until it has received a reply.
//
//   format 0x02 ‖ IK_A (Ed25519, 32) ‖ IKdh_A (X25519, 32) ‖ EK_A (X25519, 32)
//     ‖ signed prekey id (u32 BE, 1 .. 2^24-1) ‖ one-time prekey id (u32 BE, 1 .. 2^24-1, or 0 for none)
//     ‖ an ordinary message (format 0x01 ..., see message-codec.ts)

import { X25519_KEY_BYTES } from '../crypto/x25519.ts';
import { UnsupportedVersionError } from '../errors.ts';
import { isKeyId } from '../keys/key-id.ts';
import { ByteReader } from './byte-reader.ts';
import { ByteWriter } from './byte-writer.ts';
import { decodeMessage, encodeMessage, type RatchetMessage } from './message-codec.ts';

export const PREKEY_MESSAGE_VERSION = 0x02;

export interface PreKeyMessage {
  readonly identityKey: Uint8Array;
  readonly identityDhKey: Uint8Array;
  readonly ephemeralKey: Uint8Array;
  readonly signedPrekeyId: number;
  readonly oneTimePrekeyId: number | null;
  readonly message: RatchetMessage;
}

export function encodePreKeyMessage(message: PreKeyMessage): Uint8Array {
  return new ByteWriter()
    .u8(PREKEY_MESSAGE_VERSION)
    .bytes(message.identityKey)
    .bytes(message.identityDhKey)
    .bytes(message.ephemeralKey)
    .u32(message.signedPrekeyId)
    .u32(message.oneTimePrekeyId ?? 0)
    .bytes(encodeMessage(message.message))
    .finish();
}

export function decodePreKeyMessage(bytes: Uint8Array): PreKeyMessage {
  const reader = new ByteReader(bytes, 'prekey message');
  const version = reader.u8();
  if (version !== PREKEY_MESSAGE_VERSION)
    throw new UnsupportedVersionError('prekey message', version, PREKEY_MESSAGE_VERSION);
  const identityKey = reader.bytes(X25519_KEY_BYTES);
  const identityDhKey = reader.bytes(X25519_KEY_BYTES);
  const ephemeralKey = reader.bytes(X25519_KEY_BYTES);
  const signedPrekeyId = reader.u32();
  if (!isKeyId(signedPrekeyId)) reader.fail(`signed prekey id ${signedPrekeyId} is out of range`);
  const oneTimeId = reader.u32();
  if (oneTimeId !== 0 && !isKeyId(oneTimeId)) reader.fail(`one-time prekey id ${oneTimeId} is out of range`);
  return {
    identityKey,
    identityDhKey,
    ephemeralKey,
    signedPrekeyId,
    oneTimePrekeyId: oneTimeId === 0 ? null : oneTimeId,
    message: decodeMessage(reader.rest()),
  };
}
