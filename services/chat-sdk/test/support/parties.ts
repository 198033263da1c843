// Test parties: real identities from fresh seeds, their prekey stores, and a server stand-in that hands out bundles.

import { deriveKeys, generateSeed, type IdentityKeys } from '@keel/identity';
import {
  acceptPreKeyMessage,
  createPrekeyStore,
  decryptMessage,
  encryptMessage,
  generateOneTimePrekeys,
  generateSignedPrekey,
  type KeyBundle,
  type OneTimePrekey,
  type PrekeyStore,
  type Session,
  type SignedPrekey,
  serializeSession,
  startSession,
} from '../../src/index.ts';
import { read, text, toHex } from './hex.ts';

export interface Party {
  readonly identity: IdentityKeys;
  readonly store: PrekeyStore;
  readonly signedPrekey: SignedPrekey;
  /** The public halves "uploaded to the server"; `bundleOf` hands each out once. */
  readonly uploaded: OneTimePrekey[];
}

export async function createParty(oneTimePrekeys = 3): Promise<Party> {
  const identity = await deriveKeys(generateSeed());
  const store = createPrekeyStore();
  return {
    identity,
    store,
    signedPrekey: generateSignedPrekey(identity, store),
    uploaded: generateOneTimePrekeys(store, oneTimePrekeys),
  };
}

/** What the server would return for `party`: a one-time prekey while any is left, then none. */
export function bundleOf(party: Party): KeyBundle {
  return {
    identityKey: party.identity.ed25519.publicKey,
    identityDhKey: party.identity.x25519.publicKey,
    signedPrekey: party.signedPrekey,
    oneTimePrekey: party.uploaded.shift() ?? null,
  };
}

/** A full handshake: the initiator's PreKeyMessage and the responder's reply, so both have sent and received. */
export function connect(initiator: Party, responder: Party): { initiator: Session; responder: Session } {
  const session = startSession(initiator.identity, bundleOf(responder));
  const hello = encryptMessage(session, text('hello'));
  const accepted = acceptPreKeyMessage(responder.identity, responder.store, hello);
  if (read(accepted.plaintext) !== 'hello') throw new Error('handshake did not round-trip');
  const reply = encryptMessage(accepted.session, text('hi'));
  if (read(decryptMessage(session, reply)) !== 'hi') throw new Error('reply did not round-trip');
  return { initiator: session, responder: accepted.session };
}

/** The session's complete persistent state, for "unchanged" assertions that compare every byte. */
export const snapshot = (session: Session): string => toHex(serializeSession(session));

/** `count` messages from `sender`, numbered in their text so the receiver's results can be compared as a list. */
export function sendMany(sender: Session, count: number, label: string): Uint8Array[] {
  return Array.from({ length: count }, (_, i) => encryptMessage(sender, text(`${label} ${i}`)));
}
