// The persistent encoding of a Session: every field, skipped message keys included, behind a version byte.
//
//   version u8 (1) ‖ role u8 (0 initiator, 1 responder) ‖ flags u8 (bit 0 DHr, 1 CKs, 2 CKr, 3 pending prekey)
//   ‖ AD (128) ‖ DHs public (32) ‖ DHs secret (32) ‖ [DHr (32)] ‖ RK (32) ‖ [CKs (32)] ‖ [CKr (32)]
//   ‖ Ns u32 ‖ Nr u32 ‖ PN u32 ‖ [EK_A (32) ‖ signed prekey id u32 ‖ one-time prekey id u32 (0 = none)]
//   ‖ skipped count u32 (≤ MAX_SKIPPED_KEYS) ‖ (dh (32) ‖ n u32 ‖ message key (32))*
// All integers big-endian. The bytes hold secrets: store them only sealed (session-seal.ts).

import { ByteReader } from './codec/byte-reader.ts';
import { ByteWriter } from './codec/byte-writer.ts';
import { X25519_KEY_BYTES } from './crypto/x25519.ts';
import { UnsupportedVersionError } from './errors.ts';
import { isKeyId } from './keys/key-id.ts';
import type { PendingPreKey, Session } from './session.ts';
import { MAX_SKIPPED_KEYS, type SkippedKeys, skippedKeyId } from './skipped-keys.ts';
import { AD_BYTES } from './x3dh.ts';

export const SESSION_VERSION = 1;

const ROLES = ['initiator', 'responder'] as const;
const FLAG_DHR = 1;
const FLAG_CKS = 2;
const FLAG_CKR = 4;
const FLAG_PENDING = 8;
const KNOWN_FLAGS = FLAG_DHR | FLAG_CKS | FLAG_CKR | FLAG_PENDING;
const KEY = X25519_KEY_BYTES;
const SKIPPED_ENTRY_BYTES = KEY + 4 + KEY;

export function serializeSession(session: Session): Uint8Array {
  const { ratchet, pendingPreKey } = session;
  const flags =
    (ratchet.dhr ? FLAG_DHR : 0) |
    (ratchet.cks ? FLAG_CKS : 0) |
    (ratchet.ckr ? FLAG_CKR : 0) |
    (pendingPreKey ? FLAG_PENDING : 0);
  const writer = new ByteWriter()
    .u8(SESSION_VERSION)
    .u8(ROLES.indexOf(session.role))
    .u8(flags)
    .bytes(session.ad)
    .bytes(ratchet.dhs.publicKey)
    .bytes(ratchet.dhs.secretKey);
  if (ratchet.dhr) writer.bytes(ratchet.dhr);
  writer.bytes(ratchet.rk);
  if (ratchet.cks) writer.bytes(ratchet.cks);
  if (ratchet.ckr) writer.bytes(ratchet.ckr);
  writer.u32(ratchet.ns).u32(ratchet.nr).u32(ratchet.pn);
  if (pendingPreKey)
    writer
      .bytes(pendingPreKey.ephemeralKey)
      .u32(pendingPreKey.signedPrekeyId)
      .u32(pendingPreKey.oneTimePrekeyId ?? 0);
  writer.u32(ratchet.skipped.size);
  for (const key of ratchet.skipped.values()) writer.bytes(key.dh).u32(key.n).bytes(key.messageKey);
  return writer.finish();
}

export function deserializeSession(bytes: Uint8Array): Session {
  const reader = new ByteReader(bytes, 'session');
  const version = reader.u8();
  if (version !== SESSION_VERSION) throw new UnsupportedVersionError('session', version, SESSION_VERSION);
  const role = ROLES[reader.u8()] ?? reader.fail('unknown role');
  const flags = reader.u8();
  if ((flags & ~KNOWN_FLAGS) !== 0) reader.fail(`unknown flags ${flags.toString(2)}`);
  const ad = reader.bytes(AD_BYTES);
  const dhs = { publicKey: reader.bytes(KEY), secretKey: reader.bytes(KEY) };
  const dhr = flags & FLAG_DHR ? reader.bytes(KEY) : null;
  const rk = reader.bytes(KEY);
  const cks = flags & FLAG_CKS ? reader.bytes(KEY) : null;
  const ckr = flags & FLAG_CKR ? reader.bytes(KEY) : null;
  const ns = reader.u32();
  const nr = reader.u32();
  const pn = reader.u32();
  const pendingPreKey = flags & FLAG_PENDING ? readPending(reader) : null;
  const skipped = readSkipped(reader);
  reader.end();
  return { role, ad, ratchet: { dhs, dhr, rk, cks, ckr, ns, nr, pn, skipped }, pendingPreKey };
}

function readPending(reader: ByteReader): PendingPreKey {
  const ephemeralKey = reader.bytes(KEY);
  const signedPrekeyId = reader.u32();
  if (!isKeyId(signedPrekeyId)) reader.fail(`signed prekey id ${signedPrekeyId} is out of range`);
  const oneTimeId = reader.u32();
  if (oneTimeId !== 0 && !isKeyId(oneTimeId)) reader.fail(`one-time prekey id ${oneTimeId} is out of range`);
  return { ephemeralKey, signedPrekeyId, oneTimePrekeyId: oneTimeId === 0 ? null : oneTimeId };
}

function readSkipped(reader: ByteReader): SkippedKeys {
  const count = reader.u32();
  if (count > MAX_SKIPPED_KEYS) reader.fail(`${count} skipped keys exceed the bound of ${MAX_SKIPPED_KEYS}`);
  if (count * SKIPPED_ENTRY_BYTES > reader.remaining) reader.fail(`count ${count} exceeds the bytes left`);
  const skipped: SkippedKeys = new Map();
  for (let i = 0; i < count; i++) {
    const dh = reader.bytes(KEY);
    const n = reader.u32();
    const id = skippedKeyId(dh, n);
    if (skipped.has(id)) reader.fail(`skipped key ${n} appears twice`);
    skipped.set(id, { dh, n, messageKey: reader.bytes(KEY) });
  }
  return skipped;
}
