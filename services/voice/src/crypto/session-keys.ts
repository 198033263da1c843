// Session keys: ephemeral X25519 per call, HKDF-SHA256 session and rekey derivation, session id, erasure.

import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { InvalidKeyError } from '../errors.ts';
import { sodium } from './sodium.ts';

export const KEY_LENGTH = 32;
export const SESSION_ID_LENGTH = 4;
const SESSION_INFO = new TextEncoder().encode('svc-session-key');
const REKEY_INFO = new TextEncoder().encode('svc-rekey');

export interface EphemeralKeyPair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

/** A fresh X25519 keypair from libsodium's CSPRNG; one per call and one per rekey. */
export function generateEphemeral(): EphemeralKeyPair {
  const pair = sodium.crypto_box_keypair();
  return { publicKey: pair.publicKey, secretKey: pair.privateKey };
}

/** The X25519 public key of a 32-byte secret scalar (RFC 7748 §6.1). */
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  checkLength('secret key', secretKey);
  return sodium.crypto_scalarmult_base(secretKey);
}

/** X25519(own secret, peer public); a low-order peer key (all-zero result) is refused (RFC 7748 §6.1). */
export function sharedSecret(ownSecret: Uint8Array, peerPublic: Uint8Array): Uint8Array {
  checkLength('secret key', ownSecret);
  checkLength('peer public key', peerPublic);
  let shared: Uint8Array;
  try {
    shared = sodium.crypto_scalarmult(ownSecret, peerPublic);
  } catch (cause) {
    throw new InvalidKeyError('X25519 produced the all-zero secret: the peer key has low order', { cause });
  }
  if (shared.every((b) => b === 0)) throw new InvalidKeyError('X25519 produced the all-zero secret');
  return shared;
}

/** session key = HKDF-SHA256(ikm = shared secret, no salt, info `svc-session-key`), 32 bytes. */
export function deriveSessionKey(shared: Uint8Array): Uint8Array {
  checkLength('shared secret', shared);
  return hkdf(sha256, shared, undefined, SESSION_INFO, KEY_LENGTH);
}

/** new key = HKDF-SHA256(ikm = X25519 of the new ephemerals, salt = old key, info `svc-rekey`), 32 bytes. */
export function deriveRekeyKey(oldKey: Uint8Array, newShared: Uint8Array): Uint8Array {
  checkLength('old key', oldKey);
  checkLength('shared secret', newShared);
  return hkdf(sha256, newShared, oldKey, REKEY_INFO, KEY_LENGTH);
}

/** The first 4 bytes of SHA-256(key): the nonce prefix of the epoch that key belongs to. */
export function sessionIdOf(key: Uint8Array): Uint8Array {
  checkLength('key', key);
  return sha256(key).slice(0, SESSION_ID_LENGTH);
}

/** Overwrites key material in place; callers erase every copy they own once it is no longer needed. */
export function erase(bytes: Uint8Array): void {
  sodium.memzero(bytes);
}

function checkLength(what: string, bytes: Uint8Array): void {
  if (bytes.length !== KEY_LENGTH)
    throw new InvalidKeyError(`${what} must be ${KEY_LENGTH} bytes, got ${bytes.length}`);
}
