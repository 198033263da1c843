// Profile files sealed under the identity's history key: XChaCha20-Poly1305 with a per-kind header as associated data.
//
//   sealed = magic (4 ASCII bytes naming the kind) ‖ nonce (24, random) ‖ ciphertext ‖ 16-byte tag
//
// The magic differs per kind ("KCPS" prekey store, "KCFH" file header), so one kind of blob never opens as another;
// sessions use the SDK's own sealSession ("KCS" 0x01).

import sodium from 'libsodium-wrappers';

export type BlobKind = 'KCPS' | 'KCFH';

const NONCE_BYTES = 24;
const MAGIC_BYTES = 4;

export async function sealBlob(key: Uint8Array, kind: BlobKind, plaintext: Uint8Array): Promise<Uint8Array> {
  await sodium.ready;
  const magic = new TextEncoder().encode(kind);
  const nonce = sodium.randombytes_buf(NONCE_BYTES);
  const sealed = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, magic, null, nonce, key);
  const out = new Uint8Array(MAGIC_BYTES + NONCE_BYTES + sealed.length);
  out.set(magic, 0);
  out.set(nonce, MAGIC_BYTES);
  out.set(sealed, MAGIC_BYTES + NONCE_BYTES);
  return out;
}

/** The plaintext; throws when the magic is not `kind`, or the key or any byte is wrong. */
export async function openBlob(key: Uint8Array, kind: BlobKind, sealed: Uint8Array): Promise<Uint8Array> {
  await sodium.ready;
  const magic = new TextEncoder().encode(kind);
  if (sealed.length < MAGIC_BYTES + NONCE_BYTES || !magic.every((byte, i) => sealed[i] === byte))
    throw new Error(`not a sealed ${kind} blob`);
  return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
    null,
    sealed.subarray(MAGIC_BYTES + NONCE_BYTES),
    magic,
    sealed.subarray(MAGIC_BYTES, MAGIC_BYTES + NONCE_BYTES),
    key,
  );
}
