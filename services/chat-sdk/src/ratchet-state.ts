// RatchetState: the Double Ratchet's per-session state (signal.org Double Ratchet rev 1 §3.2), copying and erasure.

import { erase, type KeyPair } from './crypto/x25519.ts';
import type { SkippedKeys } from './skipped-keys.ts';

/** Field names follow the spec so the code reads against it line by line. */
export interface RatchetState {
  /** DHs: our current ratchet keypair. */
  dhs: KeyPair;
  /** DHr: the peer's current ratchet public key; null on the responder until the first message. */
  dhr: Uint8Array | null;
  /** RK: the root key. */
  rk: Uint8Array;
  /** CKs / CKr: sending and receiving chain keys; null until that chain exists. */
  cks: Uint8Array | null;
  ckr: Uint8Array | null;
  /** Ns / Nr: message numbers in the sending and receiving chains; PN: length of the previous sending chain. */
  ns: number;
  nr: number;
  pn: number;
  /** MKSKIPPED. */
  skipped: SkippedKeys;
}

/** A deep copy sharing no buffer with `state`, so erasing or mutating one never touches the other. */
export function cloneState(state: RatchetState): RatchetState {
  return {
    dhs: { publicKey: state.dhs.publicKey.slice(), secretKey: state.dhs.secretKey.slice() },
    dhr: state.dhr?.slice() ?? null,
    rk: state.rk.slice(),
    cks: state.cks?.slice() ?? null,
    ckr: state.ckr?.slice() ?? null,
    ns: state.ns,
    nr: state.nr,
    pn: state.pn,
    skipped: new Map(
      [...state.skipped].map(([id, key]) => [id, { dh: key.dh.slice(), n: key.n, messageKey: key.messageKey.slice() }]),
    ),
  };
}

/** Zeroes every secret the state holds; the state must not be used afterwards. */
export function eraseState(state: RatchetState): void {
  erase(state.dhs.secretKey, state.rk, state.cks, state.ckr);
  for (const key of state.skipped.values()) erase(key.messageKey);
  state.skipped.clear();
}
