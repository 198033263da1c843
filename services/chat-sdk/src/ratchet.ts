// The Double Ratchet (signal.org Double Ratchet rev 1 §3.3-3.5): initialisation, encrypt, and all-or-nothing decrypt.
//
// KDF_RK = HKDF-SHA256(salt = rk, ikm = dh_out, info = "keel-chat-ratchet-v1") → rk ‖ ck; KDF_CK = HMAC-SHA256 with
// 0x01 (message key) / 0x02 (next chain key). ENCRYPT is XChaCha20-Poly1305 under the message key with a random
// 24-byte nonce carried in the message, AEAD associated data = AD ‖ encoded header (AD is fixed-length, so the
// concatenation is unambiguous). A message may skip at most MAX_SKIP keys in one chain.

import { encodeHeader, type RatchetMessage } from './codec/message-codec.ts';
import { open, randomNonce, seal } from './crypto/aead.ts';
import { concat, kdfChainKey, kdfRootKey } from './crypto/kdf.ts';
import { sodium } from './crypto/sodium.ts';
import { erase, generateKeyPair, type KeyPair, x25519 } from './crypto/x25519.ts';
import {
  ChatSdkError,
  CounterExhaustedError,
  DecryptionFailedError,
  DuplicateMessageError,
  TooFarAheadError,
} from './errors.ts';
import { cloneState, eraseState, type RatchetState } from './ratchet-state.ts';
import { storeSkippedKey, takeSkippedKey } from './skipped-keys.ts';

/**
 * Most keys one message may skip in one chain: generous for routine loss and reordering, yet it caps the HMAC work
 * a forged header can demand (libsignal allows 25 000; we persist every skipped key, so we stay lower).
 */
export const MAX_SKIP = 1000;

/** The largest counter the u32 header fields carry. */
const MAX_COUNTER = 0xffff_ffff;

/** RatchetInitAlice: the responder's signed prekey is its first ratchet key. */
export function initInitiator(sharedKey: Uint8Array, responderRatchetKey: Uint8Array): RatchetState {
  const dhs = generateKeyPair();
  const dhOut = x25519(dhs.secretKey, responderRatchetKey);
  const { rootKey, chainKey } = kdfRootKey(sharedKey, dhOut);
  erase(dhOut);
  return {
    dhs,
    dhr: responderRatchetKey.slice(),
    rk: rootKey,
    cks: chainKey,
    ckr: null,
    ns: 0,
    nr: 0,
    pn: 0,
    skipped: new Map(),
  };
}

/** RatchetInitBob: `signedPrekey` is copied, so erasing the ratchet never touches the prekey store's copy. */
export function initResponder(sharedKey: Uint8Array, signedPrekey: KeyPair): RatchetState {
  return {
    dhs: { publicKey: signedPrekey.publicKey.slice(), secretKey: signedPrekey.secretKey.slice() },
    dhr: null,
    rk: sharedKey.slice(),
    cks: null,
    ckr: null,
    ns: 0,
    nr: 0,
    pn: 0,
    skipped: new Map(),
  };
}

/** RatchetEncrypt: advances the sending chain of `state` in place. */
export function ratchetEncrypt(state: RatchetState, plaintext: Uint8Array, ad: Uint8Array): RatchetMessage {
  if (state.cks === null) throw new ChatSdkError('no_sending_chain', 'this session cannot send before it has received');
  if (state.ns >= MAX_COUNTER) throw new CounterExhaustedError();
  const { chainKey, messageKey } = kdfChainKey(state.cks);
  erase(state.cks);
  state.cks = chainKey;
  const header = { dh: state.dhs.publicKey.slice(), pn: state.pn, n: state.ns };
  state.ns += 1;
  const nonce = randomNonce();
  const ciphertext = seal(messageKey, nonce, concat([ad, encodeHeader(header)]), plaintext);
  erase(messageKey);
  return { header, nonce, ciphertext };
}

/**
 * RatchetDecrypt on a copy of `state`: returns the advanced copy with the plaintext, and leaves `state` untouched
 * whatever happens (§3.5: "if an exception is raised … the message is discarded and changes to the state object are
 * discarded"). The caller commits the copy, so only an authenticated message ever changes a session.
 */
export function ratchetDecrypt(
  state: RatchetState,
  message: RatchetMessage,
  ad: Uint8Array,
): { state: RatchetState; plaintext: Uint8Array } {
  const next = cloneState(state);
  try {
    return { state: next, plaintext: decryptInto(next, message, ad) };
  } catch (error) {
    eraseState(next);
    throw error;
  }
}

function decryptInto(state: RatchetState, { header, nonce, ciphertext }: RatchetMessage, ad: Uint8Array): Uint8Array {
  const aead = concat([ad, encodeHeader(header)]);
  const skipped = takeSkippedKey(state.skipped, header.dh, header.n);
  if (skipped !== null) return openWith(skipped, nonce, aead, ciphertext);
  if (header.n >= MAX_COUNTER) throw new CounterExhaustedError();
  if (state.dhr === null || !sodium.memcmp(header.dh, state.dhr)) {
    skipMessageKeys(state, header.pn);
    dhRatchet(state, header.dh);
  } else if (header.n < state.nr) {
    // The current chain already passed n and no skipped key is left for it: it was decrypted before.
    throw new DuplicateMessageError(header.n);
  }
  skipMessageKeys(state, header.n);
  const { chainKey, messageKey } = kdfChainKey(state.ckr as Uint8Array);
  erase(state.ckr);
  state.ckr = chainKey;
  state.nr += 1;
  return openWith(messageKey, nonce, aead, ciphertext);
}

function openWith(messageKey: Uint8Array, nonce: Uint8Array, aead: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  const plaintext = open(messageKey, nonce, aead, ciphertext);
  erase(messageKey);
  if (plaintext === null) throw new DecryptionFailedError();
  return plaintext;
}

/** SkipMessageKeys: stores the keys of messages n = Nr .. until-1 of the current receiving chain. */
function skipMessageKeys(state: RatchetState, until: number): void {
  if (until - state.nr > MAX_SKIP) throw new TooFarAheadError(until - state.nr, MAX_SKIP);
  if (state.ckr === null || state.dhr === null) return;
  while (state.nr < until) {
    const { chainKey, messageKey } = kdfChainKey(state.ckr);
    erase(state.ckr);
    state.ckr = chainKey;
    storeSkippedKey(state.skipped, { dh: state.dhr.slice(), n: state.nr, messageKey });
    state.nr += 1;
  }
}

/** DHRatchet: a new receiving chain from the peer's new key, then a new sending chain from a fresh keypair. */
function dhRatchet(state: RatchetState, remoteKey: Uint8Array): void {
  state.pn = state.ns;
  state.ns = 0;
  state.nr = 0;
  erase(state.dhr);
  state.dhr = remoteKey.slice();
  const receive = step(state, state.dhr);
  erase(state.ckr);
  state.ckr = receive;
  erase(state.dhs.secretKey);
  state.dhs = generateKeyPair();
  const send = step(state, state.dhr);
  erase(state.cks);
  state.cks = send;
}

/** One KDF_RK step on DH(DHs, remote): replaces RK, returns the new chain key. */
function step(state: RatchetState, remoteKey: Uint8Array): Uint8Array {
  const dhOut = x25519(state.dhs.secretKey, remoteKey);
  const { rootKey, chainKey } = kdfRootKey(state.rk, dhOut);
  erase(dhOut, state.rk);
  state.rk = rootKey;
  return chainKey;
}
