// X25519 for X3DH and the DH ratchet: fresh keypairs, the exchange with all-zero-output refusal, and erasure.

import { InvalidKeyError, LowOrderKeyError } from '../errors.ts';
import { sodium } from './sodium.ts';

export const X25519_KEY_BYTES = 32;

export interface KeyPair {
  readonly publicKey: Uint8Array;
  /** The 32-byte X25519 scalar; RFC 7748 §5 clamping happens inside each multiplication. */
  readonly secretKey: Uint8Array;
}

/** A fresh X25519 keypair from libsodium's CSPRNG. */
export function generateKeyPair(): KeyPair {
  const pair = sodium.crypto_box_keypair();
  return { publicKey: pair.publicKey, secretKey: pair.privateKey };
}

/**
 * X25519(own secret, peer public) per RFC 7748 §6.1, refusing the all-zero output a zero or low-order peer key
 * gives: libsodium throws for it, and the constant-time `is_zero` check keeps the refusal if that ever changes.
 */
export function x25519(ownSecret: Uint8Array, peerPublic: Uint8Array): Uint8Array {
  assertKeyLength('X25519 secret key', ownSecret);
  assertKeyLength('X25519 public key', peerPublic);
  let shared: Uint8Array;
  try {
    shared = sodium.crypto_scalarmult(ownSecret, peerPublic);
  } catch (cause) {
    throw new LowOrderKeyError({ cause });
  }
  if (sodium.is_zero(shared)) throw new LowOrderKeyError();
  return shared;
}

/** Overwrites key material in place; callers erase every copy they own once it is no longer needed. */
export function erase(...buffers: (Uint8Array | null)[]): void {
  for (const bytes of buffers) bytes?.fill(0);
}

export function assertKeyLength(what: string, bytes: Uint8Array, length = X25519_KEY_BYTES): void {
  if (bytes.length !== length) throw new InvalidKeyError(`${what} must be ${length} bytes, got ${bytes.length}`);
}
