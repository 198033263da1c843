// SessionBook: the per-peer Double Ratchet sessions of a profile, sealed at rest with the history key, and the
// decryption rule that picks or opens the right one for an incoming message.

import {
  acceptPreKeyMessage,
  type ChatIdentity,
  decryptMessage,
  deserializeSession,
  openSession,
  PREKEY_MESSAGE_VERSION,
  type PrekeyStore,
  remoteIdentityKey,
  type Session,
  sealSession,
  serializeSession,
} from '@keel/chat-sdk';
import { fingerprint } from '@keel/identity';
import { IdentityMismatchError } from './errors.ts';
import type { ProfileStore } from './profile-store.ts';

export interface Opened {
  readonly plaintext: Uint8Array;
  /** A PreKeyMessage started a new session and took a one-time prekey: the caller saves the prekey store. */
  readonly acceptedPreKey: boolean;
}

export class SessionBook {
  readonly #store: ProfileStore;
  readonly #historyKey: Uint8Array;

  constructor(store: ProfileStore, historyKey: Uint8Array) {
    this.#store = store;
    this.#historyKey = historyKey;
  }

  async get(peer: string): Promise<Session | null> {
    const sealed = await this.#store.readSession(peer);
    return sealed === null ? null : deserializeSession(openSession(this.#historyKey, sealed));
  }

  async save(peer: string, session: Session): Promise<void> {
    await this.#store.writeSession(peer, sealSession(this.#historyKey, serializeSession(session)));
  }

  /**
   * Decrypts `bytes` from `peer` and saves the advanced session. A PreKeyMessage goes to the existing responder
   * session if it opens it (the initiator repeats them until it hears back), else it starts a new session: the peer
   * may have reset, or both sides started at once (the latest session wins).
   */
  async open(identity: ChatIdentity, prekeys: PrekeyStore, peer: string, bytes: Uint8Array): Promise<Opened> {
    const session = await this.get(peer);
    if (bytes[0] !== PREKEY_MESSAGE_VERSION) {
      if (session === null) throw new IdentityMismatchError(`no session with ${peer} for this message`);
      const plaintext = decryptMessage(session, bytes);
      await this.save(peer, session);
      return { plaintext, acceptedPreKey: false };
    }
    if (session !== null && session.role === 'responder') {
      try {
        const plaintext = decryptMessage(session, bytes);
        await this.save(peer, session);
        return { plaintext, acceptedPreKey: false };
      } catch {
        // Not a repeat of this session's PreKeyMessages: a new session from the same peer, handled below.
      }
    }
    const accepted = acceptPreKeyMessage(identity, prekeys, bytes);
    const claimed = fingerprint(remoteIdentityKey(accepted.session));
    if (claimed !== peer)
      throw new IdentityMismatchError(`a message said to be from ${peer} is signed by the identity ${claimed}`);
    await this.save(peer, accepted.session);
    return { plaintext: accepted.plaintext, acceptedPreKey: true };
  }
}
