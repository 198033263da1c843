// The protocol's three KDFs: X3DH's HKDF to the shared key, the ratchet's KDF_RK and its chain KDF_CK.

import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** HKDF info strings; a version bump in either changes every derived key, so it is a protocol version change. */
export const X3DH_INFO = encode('keel-chat-x3dh-v1');
export const RATCHET_INFO = encode('keel-chat-ratchet-v1');

/** X3DH §2.2: for X25519 the IKM is prefixed with 32 0xFF bytes, keeping it apart from any Ed25519 use. */
const X3DH_PREFIX = new Uint8Array(32).fill(0xff);
/** X3DH §3.3: the salt is a zero-filled byte sequence of the hash's output length. */
const X3DH_SALT = new Uint8Array(32);
const MESSAGE_KEY_SEED = Uint8Array.of(0x01);
const CHAIN_KEY_SEED = Uint8Array.of(0x02);

/** SK = HKDF-SHA256(ikm = 0xFF×32 ‖ DH1 ‖ DH2 ‖ DH3 [‖ DH4], salt = 0×32, info = X3DH_INFO), 32 bytes. */
export function x3dhSharedKey(dhOutputs: readonly Uint8Array[]): Uint8Array {
  const ikm = concat([X3DH_PREFIX, ...dhOutputs]);
  const sharedKey = hkdf(sha256, ikm, X3DH_SALT, X3DH_INFO, 32);
  ikm.fill(0);
  return sharedKey;
}

/** Double Ratchet §5.2 KDF_RK: HKDF-SHA256(salt = rk, ikm = dh_out, info = RATCHET_INFO) → new rk ‖ chain key. */
export function kdfRootKey(rootKey: Uint8Array, dhOutput: Uint8Array): { rootKey: Uint8Array; chainKey: Uint8Array } {
  const okm = hkdf(sha256, dhOutput, rootKey, RATCHET_INFO, 64);
  const next = { rootKey: okm.slice(0, 32), chainKey: okm.slice(32) };
  okm.fill(0);
  return next;
}

/** Double Ratchet §5.2 KDF_CK: message key = HMAC-SHA256(ck, 0x01), next chain key = HMAC-SHA256(ck, 0x02). */
export function kdfChainKey(chainKey: Uint8Array): { chainKey: Uint8Array; messageKey: Uint8Array } {
  return { messageKey: hmac(sha256, chainKey, MESSAGE_KEY_SEED), chainKey: hmac(sha256, chainKey, CHAIN_KEY_SEED) };
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
