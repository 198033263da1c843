// The key bundle the server stores and hands out, the helpers that mint its prekeys, and its verification.

import type { IdentityKeys } from '@keel/identity';
import { sodium } from '../crypto/sodium.ts';
import { assertKeyLength, generateKeyPair } from '../crypto/x25519.ts';
import { InvalidKeyError, InvalidSignatureError } from '../errors.ts';
import { allocateKeyId, assertKeyId } from './key-id.ts';
import type { PrekeyStore } from './prekey-store.ts';

export const SIGNATURE_BYTES = 64;

/** The parts of `deriveKeys(seed)` the chat protocol uses: the Ed25519 identity and its own X25519 key. */
export type ChatIdentity = Pick<IdentityKeys, 'ed25519' | 'x25519'>;

export interface SignedPrekey {
  readonly id: number;
  /** X25519, 32 bytes; also the responder's first ratchet key. */
  readonly publicKey: Uint8Array;
  /** Ed25519 by the identity key over the 32 public-key bytes, 64 bytes. */
  readonly signature: Uint8Array;
}

export interface OneTimePrekey {
  readonly id: number;
  readonly publicKey: Uint8Array;
}

/**
 * What the server hands an initiator. The X25519 identity key is published beside the Ed25519 one rather than
 * converted from it (libsodium's FAQ advises separate keys), and is bound to it by AD, not by a signature.
 */
export interface KeyBundle {
  readonly identityKey: Uint8Array;
  readonly identityDhKey: Uint8Array;
  readonly signedPrekey: SignedPrekey;
  /** null when the server has none left: X3DH then runs without DH4. */
  readonly oneTimePrekey: OneTimePrekey | null;
}

/** A new signed prekey: its secret goes into `store`, the returned public part is uploaded. */
export function generateSignedPrekey(identity: ChatIdentity, store: PrekeyStore): SignedPrekey {
  const id = allocateKeyId(store.signedPrekeys);
  const pair = generateKeyPair();
  store.signedPrekeys.set(id, pair);
  return { id, publicKey: pair.publicKey, signature: signPrekey(identity, pair.publicKey) };
}

/** `count` new one-time prekeys: secrets into `store`, public parts returned for upload. */
export function generateOneTimePrekeys(store: PrekeyStore, count: number): OneTimePrekey[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  return Array.from({ length: count }, () => {
    const id = allocateKeyId(store.oneTimePrekeys);
    const pair = generateKeyPair();
    store.oneTimePrekeys.set(id, pair);
    return { id, publicKey: pair.publicKey };
  });
}

export function signPrekey(identity: ChatIdentity, prekeyPublic: Uint8Array): Uint8Array {
  return sodium.crypto_sign_detached(prekeyPublic, identity.ed25519.secretKey);
}

/** X3DH §3.3: lengths and ids first, then the signed prekey's signature; any failure aborts the handshake. */
export function verifyBundle(bundle: KeyBundle): void {
  assertKeyLength('identity key', bundle.identityKey);
  assertKeyLength('identity DH key', bundle.identityDhKey);
  assertKeyId(bundle.signedPrekey.id);
  assertKeyLength('signed prekey', bundle.signedPrekey.publicKey);
  assertKeyLength('signed prekey signature', bundle.signedPrekey.signature, SIGNATURE_BYTES);
  if (bundle.oneTimePrekey !== null) {
    assertKeyId(bundle.oneTimePrekey.id);
    assertKeyLength('one-time prekey', bundle.oneTimePrekey.publicKey);
  }
  let valid: boolean;
  try {
    valid = sodium.crypto_sign_verify_detached(
      bundle.signedPrekey.signature,
      bundle.signedPrekey.publicKey,
      bundle.identityKey,
    );
  } catch (cause) {
    // libsodium throws on keys it cannot decode; for the caller that is the same broken bundle.
    throw new InvalidKeyError(`identity key is not a valid Ed25519 key: ${String(cause)}`);
  }
  if (!valid) throw new InvalidSignatureError();
}
