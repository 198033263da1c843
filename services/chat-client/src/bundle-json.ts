// Key bundles between the SDK's shape and the server's JSON (docs/chat.md "Key bundles").

import type { KeyBundle, OneTimePrekey, SignedPrekey } from '@keel/chat-sdk';
import { fromBase64, toBase64 } from './base64.ts';
import type { BundleJson } from './chat-api.ts';

/** The PUT /v1/keys body. `alias` undefined leaves the server's alias as it is. */
export function bundleUpload(upload: {
  fingerprint: string;
  identityKey: Uint8Array;
  identityDhKey: Uint8Array;
  signedPrekey: SignedPrekey;
  oneTimePrekeys: readonly OneTimePrekey[];
  alias: string | null | undefined;
}): BundleJson {
  return {
    fingerprint: upload.fingerprint,
    identity_key: toBase64(upload.identityKey),
    identity_dh_key: toBase64(upload.identityDhKey),
    signed_prekey: {
      id: upload.signedPrekey.id,
      public_key: toBase64(upload.signedPrekey.publicKey),
      signature: toBase64(upload.signedPrekey.signature),
    },
    one_time_prekeys: upload.oneTimePrekeys.map((k) => ({ id: k.id, public_key: toBase64(k.publicKey) })),
    ...(upload.alias === undefined ? {} : { alias: upload.alias }),
  };
}

/** A fetched bundle (GET /v1/keys/:fingerprint) for startSession; the SDK verifies the signature. */
export function bundleFromJson(json: BundleJson): KeyBundle {
  const oneTime = json.one_time_prekey ?? null;
  return {
    identityKey: fromBase64(json.identity_key),
    identityDhKey: fromBase64(json.identity_dh_key),
    signedPrekey: {
      id: json.signed_prekey.id,
      publicKey: fromBase64(json.signed_prekey.public_key),
      signature: fromBase64(json.signed_prekey.signature),
    },
    oneTimePrekey: oneTime === null ? null : { id: oneTime.id, publicKey: fromBase64(oneTime.public_key) },
  };
}
