// Key derivation from the seed: HKDF-SHA256 subkeys and the Ed25519 and X25519 keypairs built from them.

import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { assertSeed } from './seed.ts';
import { loadSodium } from './sodium.ts';

/**
 * HKDF info strings, the chat server's set (seed: "Identity derivation"); the voice protocol adopts them too, the
 * seed's Proposed resolution, so one seed gives the same keys in chat and voice.
 */
export const IDENTITY_INFO = {
  ed25519: 'svc-ed25519',
  x25519: 'svc-x25519',
  secp256k1: 'svc-secp256k1',
  history: 'svc-history',
} as const;

export type IdentityInfo = (typeof IDENTITY_INFO)[keyof typeof IDENTITY_INFO];

/** Every derived key is 32 bytes: an Ed25519 seed, an X25519 scalar, a secp256k1 scalar, a symmetric key. */
export const SUBKEY_BYTES = 32;

/** The seed spec says "an empty salt"; RFC 5869 §2.2 then uses HashLen zero bytes. */
const EMPTY_SALT = new Uint8Array(0);

export interface KeyPair {
  readonly publicKey: Uint8Array;
  /** Ed25519: libsodium's 64-byte secret key (seed followed by public key). X25519: the 32-byte scalar. */
  readonly secretKey: Uint8Array;
}

export interface IdentityKeys {
  readonly ed25519: KeyPair;
  readonly x25519: KeyPair;
  /** Raw 32 bytes for the chat server's secp256k1 key; turning them into a curve scalar is that code's job. */
  readonly secp256k1Secret: Uint8Array;
  /** Symmetric key for the chat server's history encryption. */
  readonly historyKey: Uint8Array;
}

/** HKDF-SHA256(ikm = seed, salt = empty, info) truncated to 32 bytes. */
export function deriveSubkey(seed: Uint8Array, info: IdentityInfo): Uint8Array {
  assertSeed(seed);
  return hkdf(sha256, seed, EMPTY_SALT, new TextEncoder().encode(info), SUBKEY_BYTES);
}

/** The Ed25519 keypair whose RFC 8032 secret key (libsodium's "seed") is `secret`. */
export async function ed25519FromSecret(secret: Uint8Array): Promise<KeyPair> {
  const sodium = await loadSodium();
  const { publicKey, privateKey } = sodium.crypto_sign_seed_keypair(secret);
  return { publicKey, secretKey: privateKey };
}

/** The X25519 keypair with `scalar` as private key; RFC 7748 §5 clamping happens inside the multiplication. */
export async function x25519FromScalar(scalar: Uint8Array): Promise<KeyPair> {
  const sodium = await loadSodium();
  return { publicKey: sodium.crypto_scalarmult_base(scalar), secretKey: Uint8Array.from(scalar) };
}

/** Every key the identity owns, derived from its seed. Async only because libsodium loads asynchronously. */
export async function deriveKeys(seed: Uint8Array): Promise<IdentityKeys> {
  return {
    ed25519: await ed25519FromSecret(deriveSubkey(seed, IDENTITY_INFO.ed25519)),
    x25519: await x25519FromScalar(deriveSubkey(seed, IDENTITY_INFO.x25519)),
    secp256k1Secret: deriveSubkey(seed, IDENTITY_INFO.secp256k1),
    historyKey: deriveSubkey(seed, IDENTITY_INFO.history),
  };
}
