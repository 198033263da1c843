// MessageOpener: one queued message to what it carries: a text through the right session, a file once complete,
// a group join notice; the receiving half of ChatClient.

import type { IdentityKeys } from '@keel/identity';
import { fromBase64 } from './base64.ts';
import type { QueuedMessageJson } from './chat-api.ts';
import type { IncomingFiles, ReceivedFile } from './incoming-files.ts';
import type { PrekeyKeeper } from './prekey-keeper.ts';
import type { SessionBook } from './session-book.ts';

export type ReceivedContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'file'; readonly file: ReceivedFile }
  | { readonly type: 'joined'; readonly member: string; readonly alias: string | null }
  | { readonly type: 'failed'; readonly error: string };

export interface ReceivedItem {
  readonly serverId: number;
  readonly id: string;
  readonly from: string;
  /** The sender's alias when this profile has learnt it. */
  readonly alias: string | null;
  /** The wire kind of the message (for a file: the kind of the piece that completed it). */
  readonly kind: string;
  readonly group: string | null;
  readonly content: ReceivedContent;
}

const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

export class MessageOpener {
  readonly #keys: IdentityKeys;
  readonly #prekeys: PrekeyKeeper;
  readonly #sessions: SessionBook;
  readonly #files: IncomingFiles;
  /** PreKeyMessages that started a session (each took a one-time prekey), since this opener was made. */
  acceptedPreKeys = 0;

  constructor(keys: IdentityKeys, prekeys: PrekeyKeeper, sessions: SessionBook, files: IncomingFiles) {
    this.#keys = keys;
    this.#prekeys = prekeys;
    this.#sessions = sessions;
    this.#files = files;
  }

  /** What `message` carries; null for a file piece that does not complete its file yet. Throws when it cannot open. */
  async open(message: QueuedMessageJson): Promise<ReceivedContent | null> {
    const body = fromBase64(message.body);
    if (message.kind === 'GroupControl') {
      // Sent in clear by the server (membership is no secret from it): {"event":"joined","group","member","alias"}.
      const notice = JSON.parse(fromUtf8.decode(body)) as { member: string; alias?: string | null };
      return { type: 'joined', member: notice.member, alias: notice.alias ?? null };
    }
    if (message.kind === 'FileChunk') {
      const file = await this.#files.chunk(message.from, body);
      return file === null ? null : { type: 'file', file };
    }
    // PreKeyMessage, RatchetMessage, GroupMessage, FileHeader, Receipt, CallSignal: all ratchet messages.
    const opened = await this.#sessions.open(this.#keys, this.#prekeys.store, message.from, body);
    if (opened.acceptedPreKey) {
      this.acceptedPreKeys++;
      await this.#prekeys.save();
    }
    if (message.kind === 'FileHeader') {
      const file = await this.#files.header(message.from, opened.plaintext);
      return file === null ? null : { type: 'file', file };
    }
    return { type: 'text', text: fromUtf8.decode(opened.plaintext) };
  }
}
