// Interop vectors: the pure functions behind `voice:vectors session|rekey|header|seal`, lowercase hex in and out.

import { fromHex, toHex } from './codec/hex.ts';
import { buildNonce, type Direction } from './crypto/nonce.ts';
import { sealPacket } from './crypto/packet-crypto.ts';
import {
  deriveRekeyKey,
  deriveSessionKey,
  erase,
  KEY_LENGTH,
  sessionIdOf,
  sharedSecret,
} from './crypto/session-keys.ts';
import { InvalidVectorInputError } from './errors.ts';
import { parseMediaHeaderJson } from './packet/header-json.ts';
import { decodeMediaHeader, encodeMediaHeader, MEDIA_HEADER_LENGTH } from './packet/media-header.ts';

/** `session --secret --peer` → the X25519 shared secret, the session key and the 4-byte session id. */
export function sessionVector({ secretHex, peerHex }: { secretHex: string; peerHex: string }): {
  shared: string;
  session_key: string;
  session_id: string;
} {
  const shared = sharedSecret(fromHex('secret', secretHex, KEY_LENGTH), fromHex('peer', peerHex, KEY_LENGTH));
  const sessionKey = deriveSessionKey(shared);
  const result = { shared: toHex(shared), session_key: toHex(sessionKey), session_id: toHex(sessionIdOf(sessionKey)) };
  erase(shared);
  erase(sessionKey);
  return result;
}

/** `rekey --old-key --secret --peer` → HKDF-SHA256(X25519(secret, peer), salt = old key, `svc-rekey`). */
export function rekeyVector({
  oldKeyHex,
  secretHex,
  peerHex,
}: {
  oldKeyHex: string;
  secretHex: string;
  peerHex: string;
}): {
  new_key: string;
} {
  const oldKey = fromHex('old-key', oldKeyHex, KEY_LENGTH);
  const shared = sharedSecret(fromHex('secret', secretHex, KEY_LENGTH), fromHex('peer', peerHex, KEY_LENGTH));
  const result = { new_key: toHex(deriveRekeyKey(oldKey, shared)) };
  erase(shared);
  return result;
}

/** `header --json '{...}'` → the 12 header bytes. */
export function headerVector(json: string | object): { hex: string } {
  return { hex: toHex(encodeMediaHeader(parseMediaHeaderJson(json))) };
}

/**
 * `seal --key --seq --direction --header --payload` → the nonce and header ‖ ciphertext ‖ tag. `seq` is the u32
 * packet index of the nonce; the header must be a valid 12-byte media header and is sealed as given.
 */
export function sealVector({
  keyHex,
  seq,
  direction,
  headerHex,
  payloadHex,
}: {
  keyHex: string;
  seq: number;
  direction: number;
  headerHex: string;
  payloadHex: string;
}): { nonce: string; packet: string } {
  const key = fromHex('key', keyHex, KEY_LENGTH);
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xffff_ffff) {
    throw new InvalidVectorInputError({ field: 'seq', message: 'must be an integer in 0..4294967295' });
  }
  if (direction !== 0 && direction !== 1) {
    throw new InvalidVectorInputError({
      field: 'direction',
      message: 'must be 0 (sent by the caller) or 1 (sent by the callee)',
    });
  }
  const header = fromHex('header', headerHex, MEDIA_HEADER_LENGTH);
  decodeMediaHeader(header);
  const nonce = buildNonce(sessionIdOf(key), seq, direction as Direction);
  return { nonce: toHex(nonce), packet: toHex(sealPacket(key, nonce, header, fromHex('payload', payloadHex))) };
}
