// X3DH key agreement (signal.org X3DH rev 1 §3) over Ed25519 identities with a published X25519 identity-DH key.
//
//   DH1 = X25519(IKdh_A, SPK_B)   DH2 = X25519(EK_A, IKdh_B)   DH3 = X25519(EK_A, SPK_B)   DH4 = X25519(EK_A, OPK_B)
//   SK  = HKDF-SHA256(ikm = 0xFF×32 ‖ DH1 ‖ DH2 ‖ DH3 [‖ DH4], salt = 0×32, info = "keel-chat-x3dh-v1", 32 bytes)
//   AD  = IK_A ‖ IKdh_A ‖ IK_B ‖ IKdh_B  (Ed25519, X25519, Ed25519, X25519; 128 bytes, fixed length)
//
// The signed prekey's signature is verified before any DH; every all-zero DH output is refused; the ephemeral
// secret and every DH output are erased as soon as SK is derived.

import { concat, x3dhSharedKey } from './crypto/kdf.ts';
import { assertKeyLength, erase, generateKeyPair, type KeyPair, x25519 } from './crypto/x25519.ts';
import { type ChatIdentity, type KeyBundle, verifyBundle } from './keys/bundle.ts';

export const AD_BYTES = 128;

/** The initiator's public keys as a PreKeyMessage carries them. */
export interface InitiatorKeys {
  readonly identityKey: Uint8Array;
  readonly identityDhKey: Uint8Array;
  readonly ephemeralKey: Uint8Array;
}

export interface X3dhResult {
  /** SK: the Double Ratchet's first root key. */
  readonly sharedKey: Uint8Array;
  readonly ad: Uint8Array;
}

/** Initiator side: verify the bundle, derive SK and AD, and return EK_A's public half for the PreKeyMessage. */
export function x3dhInitiate(identity: ChatIdentity, bundle: KeyBundle): X3dhResult & { ephemeralKey: Uint8Array } {
  verifyBundle(bundle);
  const ephemeral = generateKeyPair();
  const outputs: Uint8Array[] = [];
  try {
    outputs.push(x25519(identity.x25519.secretKey, bundle.signedPrekey.publicKey));
    outputs.push(x25519(ephemeral.secretKey, bundle.identityDhKey));
    outputs.push(x25519(ephemeral.secretKey, bundle.signedPrekey.publicKey));
    if (bundle.oneTimePrekey !== null) outputs.push(x25519(ephemeral.secretKey, bundle.oneTimePrekey.publicKey));
    return {
      sharedKey: x3dhSharedKey(outputs),
      ad: associatedData(identity.ed25519.publicKey, identity.x25519.publicKey, bundle),
      ephemeralKey: ephemeral.publicKey,
    };
  } finally {
    erase(ephemeral.secretKey, ...outputs);
  }
}

/** Responder side: the same SK and AD from the prekeys the PreKeyMessage named. */
export function x3dhRespond(
  identity: ChatIdentity,
  signedPrekey: KeyPair,
  oneTimePrekey: KeyPair | null,
  initiator: InitiatorKeys,
): X3dhResult {
  assertKeyLength('initiator identity key', initiator.identityKey);
  const outputs: Uint8Array[] = [];
  try {
    outputs.push(x25519(signedPrekey.secretKey, initiator.identityDhKey));
    outputs.push(x25519(identity.x25519.secretKey, initiator.ephemeralKey));
    outputs.push(x25519(signedPrekey.secretKey, initiator.ephemeralKey));
    if (oneTimePrekey !== null) outputs.push(x25519(oneTimePrekey.secretKey, initiator.ephemeralKey));
    return {
      sharedKey: x3dhSharedKey(outputs),
      ad: associatedData(initiator.identityKey, initiator.identityDhKey, {
        identityKey: identity.ed25519.publicKey,
        identityDhKey: identity.x25519.publicKey,
      }),
    };
  } finally {
    erase(...outputs);
  }
}

function associatedData(
  initiatorIdentityKey: Uint8Array,
  initiatorIdentityDhKey: Uint8Array,
  responder: { identityKey: Uint8Array; identityDhKey: Uint8Array },
): Uint8Array {
  return concat([initiatorIdentityKey, initiatorIdentityDhKey, responder.identityKey, responder.identityDhKey]);
}
