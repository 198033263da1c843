// PrekeyStore: the secret halves of this device's signed and one-time prekeys, and its persistent encoding.

import { ByteReader } from '../codec/byte-reader.ts';
import { ByteWriter } from '../codec/byte-writer.ts';
import { type KeyPair, X25519_KEY_BYTES } from '../crypto/x25519.ts';
import { UnsupportedVersionError } from '../errors.ts';
import { isKeyId } from './key-id.ts';

export const PREKEY_STORE_VERSION = 1;

/** Owned and persisted by the caller (sealed with `sealSession` or its own storage); the SDK only mutates it. */
export interface PrekeyStore {
  readonly signedPrekeys: Map<number, KeyPair>;
  readonly oneTimePrekeys: Map<number, KeyPair>;
}

export function createPrekeyStore(): PrekeyStore {
  return { signedPrekeys: new Map(), oneTimePrekeys: new Map() };
}

/** version u8 ‖ signed count u32 ‖ (id u32 ‖ public 32 ‖ secret 32)* ‖ one-time count u32 ‖ (same)*. */
export function encodePrekeyStore(store: PrekeyStore): Uint8Array {
  const writer = new ByteWriter().u8(PREKEY_STORE_VERSION);
  for (const keys of [store.signedPrekeys, store.oneTimePrekeys]) {
    writer.u32(keys.size);
    for (const [id, pair] of keys) writer.u32(id).bytes(pair.publicKey).bytes(pair.secretKey);
  }
  return writer.finish();
}

export function decodePrekeyStore(bytes: Uint8Array): PrekeyStore {
  const reader = new ByteReader(bytes, 'prekey store');
  const version = reader.u8();
  if (version !== PREKEY_STORE_VERSION)
    throw new UnsupportedVersionError('prekey store', version, PREKEY_STORE_VERSION);
  const store = { signedPrekeys: readKeys(reader), oneTimePrekeys: readKeys(reader) };
  reader.end();
  return store;
}

const ENTRY_BYTES = 4 + 2 * X25519_KEY_BYTES;

function readKeys(reader: ByteReader): Map<number, KeyPair> {
  const count = reader.u32();
  // Checked before looping so a forged count cannot make us spin; each entry has a fixed size.
  if (count * ENTRY_BYTES > reader.remaining) reader.fail(`count ${count} exceeds the bytes left`);
  const keys = new Map<number, KeyPair>();
  for (let i = 0; i < count; i++) {
    const id = reader.u32();
    if (!isKeyId(id)) reader.fail(`key id ${id} is out of range`);
    if (keys.has(id)) reader.fail(`key id ${id} appears twice`);
    keys.set(id, { publicKey: reader.bytes(X25519_KEY_BYTES), secretKey: reader.bytes(X25519_KEY_BYTES) });
  }
  return keys;
}
