// Session: one end-to-end encrypted conversation with one peer device, from X3DH to ratcheted messages.

import { decodeMessage, encodeMessage, type RatchetMessage } from './codec/message-codec.ts';
import {
  decodePreKeyMessage,
  encodePreKeyMessage,
  PREKEY_MESSAGE_VERSION,
  type PreKeyMessage,
} from './codec/prekey-message-codec.ts';
import { concat } from './crypto/kdf.ts';
import { sodium } from './crypto/sodium.ts';
import { erase } from './crypto/x25519.ts';
import { SessionMismatchError, UnknownPrekeyError } from './errors.ts';
import type { ChatIdentity, KeyBundle } from './keys/bundle.ts';
import type { PrekeyStore } from './keys/prekey-store.ts';
import { initInitiator, initResponder, ratchetDecrypt, ratchetEncrypt } from './ratchet.ts';
import { eraseState, type RatchetState } from './ratchet-state.ts';
import { x3dhInitiate, x3dhRespond } from './x3dh.ts';

export type SessionRole = 'initiator' | 'responder';

/** What the initiator repeats in every message until the responder's first reply proves the session exists. */
export interface PendingPreKey {
  readonly ephemeralKey: Uint8Array;
  readonly signedPrekeyId: number;
  readonly oneTimePrekeyId: number | null;
}

/** Mutable: `encryptMessage` and `decryptMessage` advance it; persist it with `serializeSession` after each call. */
export interface Session {
  readonly role: SessionRole;
  /** X3DH's AD: IK_A ‖ IKdh_A ‖ IK_B ‖ IKdh_B, bound into every message. */
  readonly ad: Uint8Array;
  ratchet: RatchetState;
  pendingPreKey: PendingPreKey | null;
}

/** Initiator: X3DH against a fetched bundle (signature checked first); the first messages are PreKeyMessages. */
export function startSession(identity: ChatIdentity, bundle: KeyBundle): Session {
  const { sharedKey, ad, ephemeralKey } = x3dhInitiate(identity, bundle);
  const ratchet = initInitiator(sharedKey, bundle.signedPrekey.publicKey);
  erase(sharedKey);
  return {
    role: 'initiator',
    ad,
    ratchet,
    pendingPreKey: {
      ephemeralKey,
      signedPrekeyId: bundle.signedPrekey.id,
      oneTimePrekeyId: bundle.oneTimePrekey?.id ?? null,
    },
  };
}

/**
 * Responder: the session a PreKeyMessage opens, with its first plaintext. The one-time prekey leaves the store only
 * once the message has authenticated, so a forged or broken PreKeyMessage cannot burn it.
 */
export function acceptPreKeyMessage(
  identity: ChatIdentity,
  store: PrekeyStore,
  bytes: Uint8Array,
): { session: Session; plaintext: Uint8Array } {
  const message = decodePreKeyMessage(bytes);
  const signedPrekey = store.signedPrekeys.get(message.signedPrekeyId);
  if (signedPrekey === undefined) throw new UnknownPrekeyError('signed', message.signedPrekeyId);
  const oneTimePrekey = message.oneTimePrekeyId === null ? null : store.oneTimePrekeys.get(message.oneTimePrekeyId);
  if (oneTimePrekey === undefined) throw new UnknownPrekeyError('one_time', message.oneTimePrekeyId as number);

  const { sharedKey, ad } = x3dhRespond(identity, signedPrekey, oneTimePrekey, message);
  const initial = initResponder(sharedKey, signedPrekey);
  erase(sharedKey);
  let opened: { state: RatchetState; plaintext: Uint8Array };
  try {
    opened = ratchetDecrypt(initial, message.message, ad);
  } finally {
    eraseState(initial);
  }
  if (oneTimePrekey !== null && message.oneTimePrekeyId !== null) {
    store.oneTimePrekeys.delete(message.oneTimePrekeyId);
    erase(oneTimePrekey.secretKey);
  }
  const session: Session = { role: 'responder', ad, ratchet: opened.state, pendingPreKey: null };
  return { session, plaintext: opened.plaintext };
}

/** Encrypts the next message; a PreKeyMessage while the initiator has not yet heard back. */
export function encryptMessage(session: Session, plaintext: Uint8Array): Uint8Array {
  const message = ratchetEncrypt(session.ratchet, plaintext, session.ad);
  const pending = session.pendingPreKey;
  if (pending === null) return encodeMessage(message);
  return encodePreKeyMessage({
    identityKey: session.ad.slice(0, 32),
    identityDhKey: session.ad.slice(32, 64),
    ...pending,
    message,
  });
}

/**
 * Decrypts a message of this session, ordinary or a repeated PreKeyMessage. All or nothing: on any error the
 * session is exactly as before; on success the new state is committed and the old one erased.
 */
export function decryptMessage(session: Session, bytes: Uint8Array): Uint8Array {
  const message =
    bytes[0] === PREKEY_MESSAGE_VERSION ? ratchetPart(session, decodePreKeyMessage(bytes)) : decodeMessage(bytes);
  const { state, plaintext } = ratchetDecrypt(session.ratchet, message, session.ad);
  eraseState(session.ratchet);
  session.ratchet = state;
  session.pendingPreKey = null;
  return plaintext;
}

/** The peer's Ed25519 identity key, for showing and verifying its fingerprint. */
export function remoteIdentityKey(session: Session): Uint8Array {
  return session.role === 'initiator' ? session.ad.slice(64, 96) : session.ad.slice(0, 32);
}

/** A repeated PreKeyMessage belongs here only if this is the responder and the initiator's identity matches. */
function ratchetPart(session: Session, message: PreKeyMessage): RatchetMessage {
  if (session.role !== 'responder')
    throw new SessionMismatchError('the initiator of a session never receives a PreKeyMessage');
  const claimed = concat([message.identityKey, message.identityDhKey]);
  if (!sodium.memcmp(session.ad.subarray(0, 64), claimed))
    throw new SessionMismatchError('the PreKeyMessage comes from another identity than this session');
  return message.message;
}
