// Queued messages in SQLite: written durably (group commit) before the sender hears 202, kept until the recipient
// acknowledges them or they expire, and deduplicated by (sender, id) over the last 10,000 ids accepted.

import type { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { GroupCommit } from '@keel/kit';
import type { MessageKind } from './envelope.ts';
import { ConflictError } from './errors.ts';

/** Seed: dedup by message id over a bounded FIFO of 10,000 ids. */
export const DEDUP_IDS = 10_000;
/** Unacknowledged messages expire after 30 days (Signal's TTL). */
export const MESSAGE_TTL_MS = 30 * 24 * 3_600_000;

export interface NewMessage {
  readonly sender: string;
  readonly id: string;
  readonly kind: MessageKind;
  readonly group: string | null;
  /** One queued copy per recipient (one for a direct message, one per member for a group post). */
  readonly copies: readonly { readonly recipient: string; readonly body: Uint8Array }[];
}

export interface Accepted {
  readonly queuedAt: number;
  /** True when this (sender, id) was accepted before: nothing new was queued. */
  readonly duplicate: boolean;
  /** The copies queued now, as their recipients will receive them (empty for a duplicate). */
  readonly queued: readonly (QueuedMessage & { readonly recipient: string })[];
}

export interface QueuedMessage {
  readonly serverId: number;
  readonly sender: string;
  readonly id: string;
  readonly kind: MessageKind;
  readonly group: string | null;
  readonly body: Uint8Array;
  readonly queuedAt: number;
}

interface Row {
  seq: number;
  sender: string;
  id: string;
  kind: string;
  group_name: string | null;
  body: Uint8Array;
  queued_at: number;
}

export class MessageStore {
  readonly #now: () => number;
  readonly #commits: GroupCommit;
  readonly #recent;
  readonly #remember;
  readonly #forgetOld;
  readonly #insert;
  readonly #inbox;
  readonly #ack;
  readonly #purge;
  #acceptedSincePrune = 0;

  constructor(db: Database, now: () => number) {
    this.#now = now;
    this.#commits = new GroupCommit(db);
    this.#recent = db.query<{ digest: Uint8Array; queued_at: number }, [string, string]>(
      'SELECT digest, queued_at FROM recent_ids WHERE sender = ? AND id = ?',
    );
    this.#remember = db.query('INSERT INTO recent_ids (sender, id, digest, queued_at) VALUES (?, ?, ?, ?)');
    this.#forgetOld = db.query(`DELETE FROM recent_ids WHERE seq <= (SELECT max(seq) FROM recent_ids) - ${DEDUP_IDS}`);
    this.#insert = db.query(
      `INSERT INTO messages (recipient, sender, id, kind, group_name, body, queued_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#inbox = db.query<Row, [string, number, number, number]>(
      `SELECT seq, sender, id, kind, group_name, body, queued_at FROM messages
       WHERE recipient = ? AND seq > ? AND queued_at > ? ORDER BY seq LIMIT ?`,
    );
    this.#ack = db.query('DELETE FROM messages WHERE recipient = ? AND seq = ?');
    this.#purge = db.query('DELETE FROM messages WHERE queued_at <= ?');
  }

  /**
   * Queues the message (every copy) unless (sender, id) was accepted before: a retry of the same message gets the
   * first answer again, another message under a used id is 409. Resolves once the write is on disk.
   */
  accept(message: NewMessage): Promise<Accepted> {
    const digest = digestOf(message);
    return this.#commits.run(() => {
      const seen = this.#recent.get(message.sender, message.id);
      if (seen !== null) {
        if (!Buffer.from(seen.digest).equals(digest)) {
          throw new ConflictError(`message id ${message.id} was already used for another message`);
        }
        return { queuedAt: seen.queued_at, duplicate: true, queued: [] };
      }
      const queuedAt = this.#now();
      const queued = message.copies.map((copy) => {
        const { lastInsertRowid } = this.#insert.run(
          copy.recipient,
          message.sender,
          message.id,
          message.kind,
          message.group,
          copy.body,
          queuedAt,
        );
        const { sender, id, kind, group } = message;
        return {
          recipient: copy.recipient,
          serverId: Number(lastInsertRowid),
          sender,
          id,
          kind,
          group,
          body: copy.body,
          queuedAt,
        };
      });
      this.#remember.run(message.sender, message.id, digest, queuedAt);
      this.#acceptedSincePrune += 1;
      if (this.#acceptedSincePrune >= 1_000) {
        this.#acceptedSincePrune = 0;
        this.#forgetOld.run();
      }
      return { queuedAt, duplicate: false, queued };
    });
  }

  /** The recipient's oldest unacknowledged, unexpired messages after `afterServerId`, in delivery order. */
  inbox(recipient: string, afterServerId: number, limit: number): QueuedMessage[] {
    return this.#inbox.all(recipient, afterServerId, this.#now() - MESSAGE_TTL_MS, limit).map(toMessage);
  }

  /** Deletes the recipient's messages with these server ids; returns how many were theirs and still queued. */
  acknowledge(recipient: string, serverIds: readonly number[]): Promise<number> {
    return this.#commits.run(() => {
      let removed = 0;
      for (const serverId of serverIds) removed += this.#ack.run(recipient, serverId).changes;
      return removed;
    });
  }

  purgeExpired(): number {
    return this.#purge.run(this.#now() - MESSAGE_TTL_MS).changes;
  }
}

function digestOf(message: NewMessage): Buffer {
  const hash = createHash('sha256').update(`${message.kind}\n${message.group ?? ''}\n`);
  for (const copy of message.copies) hash.update(`${copy.recipient}\n`).update(copy.body);
  return hash.digest();
}

function toMessage(row: Row): QueuedMessage {
  return {
    serverId: row.seq,
    sender: row.sender,
    id: row.id,
    kind: row.kind as MessageKind,
    group: row.group_name,
    body: row.body,
    queuedAt: row.queued_at,
  };
}
