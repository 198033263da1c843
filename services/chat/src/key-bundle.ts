// Key bundles as `PUT /v1/keys` carries them: parsed strictly, and the proof a first upload must carry.

import { fingerprint as fingerprintOf } from '@keel/identity';
import { InvalidFieldError } from '@keel/kit';
import sodium from 'libsodium-wrappers';
import { InvalidBundleError } from './errors.ts';
import {
  asObject,
  base64Field,
  fingerprintField,
  integerField,
  type JsonObject,
  onlyFields,
  text,
  toBase64,
} from './fields.ts';

export const KEY_BYTES = 32;
export const SIGNATURE_BYTES = 64;
/** Key ids as Signal bounds them: 1 … 2^24 − 1. */
export const MAX_KEY_ID = 2 ** 24 - 1;
export const MAX_PREKEYS_PER_UPLOAD = 100;
export const MAX_ALIAS_CHARS = 64;

export interface PublicPrekey {
  readonly id: number;
  readonly publicKey: Uint8Array;
}

export interface SignedPrekey extends PublicPrekey {
  readonly signature: Uint8Array;
}

export interface BundleUpload {
  readonly fingerprint: string;
  readonly identityKey: Uint8Array;
  readonly identityDhKey: Uint8Array;
  readonly signedPrekey: SignedPrekey;
  readonly oneTimePrekeys: readonly PublicPrekey[];
  /** Absent leaves the stored alias as it is; null clears it. */
  readonly alias: string | null | undefined;
}

export interface StoredBundle {
  readonly fingerprint: string;
  readonly identityKey: Uint8Array;
  readonly identityDhKey: Uint8Array;
  readonly alias: string | null;
  readonly signedPrekey: SignedPrekey;
}

const FIELDS = ['fingerprint', 'identity_key', 'identity_dh_key', 'signed_prekey', 'one_time_prekeys', 'alias'];

export function parseBundleUpload(value: unknown): BundleUpload {
  const body = asObject(value, 'body');
  onlyFields(body, FIELDS);
  const signed = asObject(body.signed_prekey, 'signed_prekey');
  onlyFields(signed, ['id', 'public_key', 'signature'], 'signed_prekey');
  const list = body.one_time_prekeys ?? [];
  if (!Array.isArray(list)) throw new InvalidFieldError({ field: 'one_time_prekeys', message: 'must be an array' });
  if (list.length > MAX_PREKEYS_PER_UPLOAD) {
    throw new InvalidFieldError({ field: 'one_time_prekeys', message: `at most ${MAX_PREKEYS_PER_UPLOAD} per upload` });
  }
  const oneTimePrekeys = list.map((item, i) => prekey(asObject(item, `one_time_prekeys[${i}]`), i));
  if (new Set(oneTimePrekeys.map((k) => k.id)).size !== oneTimePrekeys.length) {
    throw new InvalidFieldError({ field: 'one_time_prekeys', message: 'ids must be distinct' });
  }
  return {
    fingerprint: fingerprintField(body),
    identityKey: base64Field(body, 'identity_key', KEY_BYTES),
    identityDhKey: base64Field(body, 'identity_dh_key', KEY_BYTES),
    signedPrekey: {
      id: integerField(signed, 'id', 1, MAX_KEY_ID),
      publicKey: base64Field(signed, 'public_key', KEY_BYTES),
      signature: base64Field(signed, 'signature', SIGNATURE_BYTES),
    },
    oneTimePrekeys,
    alias: alias(body),
  };
}

function prekey(item: JsonObject, index: number): PublicPrekey {
  onlyFields(item, ['id', 'public_key'], `one_time_prekeys[${index}]`);
  return { id: integerField(item, 'id', 1, MAX_KEY_ID), publicKey: base64Field(item, 'public_key', KEY_BYTES) };
}

function alias(body: JsonObject): string | null | undefined {
  if (body.alias === undefined || body.alias === null) return body.alias as null | undefined;
  const value = text(body, 'alias', { max: MAX_ALIAS_CHARS });
  // Printable text only: aliases are shown to other users.
  if (value.trim() === '' || /\p{Cc}/u.test(value)) {
    throw new InvalidFieldError({ field: 'alias', message: 'must be printable text, not blank' });
  }
  return value;
}

/** The checks every upload passes: the fingerprint is the identity key's, the signed prekey is signed by it. */
export function checkBundleProof(upload: BundleUpload): void {
  if (fingerprintOf(upload.identityKey) !== upload.fingerprint) {
    throw new InvalidBundleError('fingerprint does not match identity_key');
  }
  const { publicKey, signature } = upload.signedPrekey;
  if (!verifySignature(signature, publicKey, upload.identityKey)) {
    throw new InvalidBundleError('signed_prekey.signature does not verify with identity_key');
  }
}

/** Ed25519 (RFC 8032) through libsodium; false for a malformed key or signature. */
export function verifySignature(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return sodium.crypto_sign_verify_detached(signature, message, publicKey);
  } catch {
    return false;
  }
}

export function bundleToJson(bundle: StoredBundle, oneTime: PublicPrekey | null) {
  return {
    fingerprint: bundle.fingerprint,
    identity_key: toBase64(bundle.identityKey),
    identity_dh_key: toBase64(bundle.identityDhKey),
    alias: bundle.alias,
    signed_prekey: {
      id: bundle.signedPrekey.id,
      public_key: toBase64(bundle.signedPrekey.publicKey),
      signature: toBase64(bundle.signedPrekey.signature),
    },
    one_time_prekey: oneTime === null ? null : { id: oneTime.id, public_key: toBase64(oneTime.publicKey) },
  };
}
