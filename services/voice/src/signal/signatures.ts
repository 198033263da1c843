// Ed25519 signatures of CallOffer, CallAnswer and Rekey over canonical byte strings, and the Hangup a failure sends.

import sodium from 'libsodium-wrappers';
import {
  type CallAnswer,
  type CallOffer,
  type Hangup,
  PUBLIC_KEY_BYTES,
  type QualityProfile,
  type Rekey,
} from './signal.ts';
import { SignalError } from './signal-error.ts';

/** The fixed texts the seed names; ASCII, no terminator. */
const CALL_OFFER_TEXT = new TextEncoder().encode('call-offer');
const CALL_ANSWER_TEXT = new TextEncoder().encode('call-answer');
/** The session id a Rekey is bound to: the 4-byte id of the key being replaced (first 4 bytes of its SHA-256). */
export const REKEY_SESSION_ID_BYTES = 4;
/** libsodium's Ed25519 secret key: the 32-byte seed followed by the 32-byte public key. */
const SECRET_KEY_BYTES = 64;

/** An Ed25519 identity keypair in libsodium's layout. */
export interface IdentityKeypair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

export type SignatureFailure =
  | { readonly reason: 'bad_signature'; readonly signal: 'CallOffer' | 'CallAnswer' | 'Rekey' }
  | { readonly reason: 'identity_mismatch'; readonly signal: 'CallOffer' | 'CallAnswer' };

export type VerifyResult = { readonly ok: true } | { readonly ok: false; readonly failure: SignatureFailure };

let ready = false;

/** Loads libsodium's WebAssembly; await it once (the driver does, at start) before any other function here. */
export async function initSignatures(): Promise<void> {
  await sodium.ready;
  ready = true;
}

/** ephemeral_pub (32 bytes) ‖ ASCII `call-offer` (10 bytes): 42 bytes. */
export function callOfferSignedBytes(ephemeralPub: Uint8Array): Uint8Array {
  return concat(checkLength(ephemeralPub, PUBLIC_KEY_BYTES, 'ephemeral_pub'), CALL_OFFER_TEXT);
}

/** ephemeral_pub (32 bytes) ‖ ASCII `call-answer` (11 bytes): 43 bytes. */
export function callAnswerSignedBytes(ephemeralPub: Uint8Array): Uint8Array {
  return concat(checkLength(ephemeralPub, PUBLIC_KEY_BYTES, 'ephemeral_pub'), CALL_ANSWER_TEXT);
}

/** new_ephemeral_pub (32 bytes) ‖ session id (4 bytes): 36 bytes. */
export function rekeySignedBytes(newEphemeralPub: Uint8Array, sessionId: Uint8Array): Uint8Array {
  return concat(
    checkLength(newEphemeralPub, PUBLIC_KEY_BYTES, 'new_ephemeral_pub'),
    checkLength(sessionId, REKEY_SESSION_ID_BYTES, 'session_id'),
  );
}

export function signCallOffer(options: {
  identity: IdentityKeypair;
  ephemeralPub: Uint8Array;
  supportedProfiles: readonly QualityProfile[];
  room: string | null;
}): CallOffer {
  return {
    type: 'CallOffer',
    identityPub: options.identity.publicKey,
    ephemeralPub: options.ephemeralPub,
    signature: sign(callOfferSignedBytes(options.ephemeralPub), options.identity),
    supportedProfiles: options.supportedProfiles,
    room: options.room,
  };
}

export function signCallAnswer(options: {
  identity: IdentityKeypair;
  ephemeralPub: Uint8Array;
  chosenProfile: QualityProfile;
}): CallAnswer {
  return {
    type: 'CallAnswer',
    identityPub: options.identity.publicKey,
    ephemeralPub: options.ephemeralPub,
    signature: sign(callAnswerSignedBytes(options.ephemeralPub), options.identity),
    chosenProfile: options.chosenProfile,
  };
}

export function signRekey(options: {
  identity: IdentityKeypair;
  newEphemeralPub: Uint8Array;
  sessionId: Uint8Array;
}): Rekey {
  return {
    type: 'Rekey',
    newEphemeralPub: options.newEphemeralPub,
    signature: sign(rekeySignedBytes(options.newEphemeralPub, options.sessionId), options.identity),
  };
}

/**
 * Checks the offer's signature against its own identity_pub and, when the callee pins the caller, that identity_pub
 * is the expected one (an offer signed by someone else is a valid signature from the wrong person).
 */
export function verifyCallOffer(offer: CallOffer, expectedIdentityPub: Uint8Array | null = null): VerifyResult {
  return verifyHandshake(offer, callOfferSignedBytes(offer.ephemeralPub), expectedIdentityPub);
}

export function verifyCallAnswer(answer: CallAnswer, expectedIdentityPub: Uint8Array | null = null): VerifyResult {
  return verifyHandshake(answer, callAnswerSignedBytes(answer.ephemeralPub), expectedIdentityPub);
}

/** Checks a Rekey against the peer identity learnt in the handshake and the id of the session key it replaces. */
export function verifyRekey(
  rekey: Rekey,
  options: { peerIdentityPub: Uint8Array; sessionId: Uint8Array },
): VerifyResult {
  const signed = rekeySignedBytes(rekey.newEphemeralPub, options.sessionId);
  if (verify(rekey.signature, signed, options.peerIdentityPub)) return { ok: true };
  return { ok: false, failure: { reason: 'bad_signature', signal: 'Rekey' } };
}

/** The Hangup to send, then close, when a peer's signature does not verify: the handshake (or the call) ends. */
export function hangupForSignatureFailure(failure: SignatureFailure): Hangup {
  return { type: 'Hangup', reason: failure.reason === 'identity_mismatch' ? 'IdentityMismatch' : 'BadSignature' };
}

function verifyHandshake(
  signal: CallOffer | CallAnswer,
  signed: Uint8Array,
  expectedIdentityPub: Uint8Array | null,
): VerifyResult {
  if (!verify(signal.signature, signed, signal.identityPub)) {
    return { ok: false, failure: { reason: 'bad_signature', signal: signal.type } };
  }
  if (expectedIdentityPub !== null && !sameBytes(signal.identityPub, expectedIdentityPub)) {
    return { ok: false, failure: { reason: 'identity_mismatch', signal: signal.type } };
  }
  return { ok: true };
}

/** Constant-time equality; libsodium's memcmp throws on unequal lengths, which here just means "not equal". */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && sodium.memcmp(a, b);
}

function sign(message: Uint8Array, identity: IdentityKeypair): Uint8Array {
  assertReady();
  checkLength(identity.secretKey, SECRET_KEY_BYTES, 'secret_key');
  return sodium.crypto_sign_detached(message, identity.secretKey);
}

/** False for a wrong signature and for a malformed or small-order public key, which libsodium refuses. */
function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  assertReady();
  if (publicKey.length !== PUBLIC_KEY_BYTES || signature.length !== sodium.crypto_sign_BYTES) return false;
  return sodium.crypto_sign_verify_detached(signature, message, publicKey);
}

function assertReady(): void {
  if (!ready) throw new SignalError('signal_sodium_not_ready', 'await initSignatures() before signing or verifying');
}

function checkLength(bytes: Uint8Array, length: number, field: string): Uint8Array {
  if (bytes.length !== length) {
    throw new SignalError('signal_invalid_key', `${field} must be ${length} bytes, got ${bytes.length}`, { field });
  }
  return bytes;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
