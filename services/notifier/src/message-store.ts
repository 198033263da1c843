// The message cache in SQLite: what `since` and `poll` read, and where delayed messages wait.

import type { Database, Statement } from 'bun:sqlite';
import { GroupCommit } from '@keel/kit';
import type { Message } from './message.ts';
import type { Since } from './since.ts';

interface MessageRow {
  seq: number;
  id: string;
  time: number;
  expires: number;
  topic: string;
  message: string;
  title: string | null;
  priority: number | null;
  tags: string;
  click: string | null;
  icon: string | null;
  content_type: string | null;
  published: number;
}

export interface CachedQuery {
  readonly topics: readonly string[];
  readonly since: Since;
  /** Include delayed messages not yet delivered. */
  readonly scheduled: boolean;
  readonly nowSeconds: number;
}

export class MessageStore {
  readonly #db: Database;
  readonly #commits: GroupCommit;
  // Prepared once: every publish runs them (`db.query` would look them up in a cache each time).
  readonly #insert: Statement;
  readonly #count: Statement;

  constructor(db: Database) {
    this.#db = db;
    this.#commits = new GroupCommit(db);
    this.#insert = db.prepare(
      `INSERT INTO messages (id, time, expires, topic, message, title, priority, tags, click, icon, content_type, published)
       VALUES ($id, $time, $expires, $topic, $message, $title, $priority, $tags, $click, $icon, $content_type, $published)`,
    );
    this.#count = db.prepare("UPDATE stats SET value = value + ? WHERE key = 'messages'");
  }

  /** Stores a message; resolves once it is committed. A published one counts towards /v1/stats. */
  add(message: Message, published: boolean): Promise<void> {
    if (message.expires === null) throw new Error('an uncached message is never stored');
    return this.#commits.run(() => {
      this.#insert.run({
        id: message.id,
        time: message.time,
        expires: message.expires,
        topic: message.topic,
        message: message.message,
        title: message.title,
        priority: message.priority,
        tags: JSON.stringify(message.tags),
        click: message.click,
        icon: message.icon,
        content_type: message.contentType,
        published: published ? 1 : 0,
      });
      if (published) this.#countPublished(1);
    });
  }

  /** Cached messages of `topics` per `since`, oldest first; expired ones never. */
  cached({ topics, since, scheduled, nowSeconds }: CachedQuery): Message[] {
    if (since.kind === 'none' || topics.length === 0) return [];
    const inTopics = `topic IN (${topics.map(() => '?').join(', ')})`;
    const visible = `${inTopics} AND expires >= ? ${scheduled ? '' : 'AND published = 1'}`;
    if (since.kind === 'latest') {
      const latest = this.#db.query<MessageRow, (string | number)[]>(
        `SELECT * FROM messages WHERE topic = ? AND expires >= ? AND published = 1 ORDER BY time DESC, seq DESC LIMIT 1`,
      );
      return topics
        .flatMap((topic) => latest.all(topic, nowSeconds))
        .sort((a, b) => a.time - b.time || a.seq - b.seq)
        .map(toMessage);
    }
    let after = '';
    const params: (string | number)[] = [...topics, nowSeconds];
    if (since.kind === 'time') {
      after = 'AND time >= ?';
      params.push(since.time);
    } else if (since.kind === 'id') {
      const marker = this.#db.query<{ seq: number }, [string]>('SELECT seq FROM messages WHERE id = ?').get(since.id);
      // An unknown id means "everything", as in ntfy: the client's marker may have expired.
      if (marker !== null) {
        after = 'AND seq > ?';
        params.push(marker.seq);
      }
    }
    return this.#db
      .query<MessageRow, (string | number)[]>(`SELECT * FROM messages WHERE ${visible} ${after} ORDER BY time, seq`)
      .all(...params)
      .map(toMessage);
  }

  /** Delayed messages whose time has come, oldest first. */
  dueScheduled(nowSeconds: number, limit: number): Message[] {
    return this.#db
      .query<MessageRow, [number, number]>(
        'SELECT * FROM messages WHERE published = 0 AND time <= ? ORDER BY time, seq LIMIT ?',
      )
      .all(nowSeconds, limit)
      .map(toMessage);
  }

  /** When the next delayed message is due (unix seconds), or `null`. */
  nextScheduledAt(): number | null {
    const row = this.#db
      .query<{ time: number | null }, []>('SELECT min(time) AS time FROM messages WHERE published = 0')
      .get();
    return row?.time ?? null;
  }

  /** Marks delayed messages delivered; resolves once committed. */
  markPublished(ids: readonly string[]): Promise<void> {
    return this.#commits.run(() => {
      const mark = this.#db.query('UPDATE messages SET published = 1 WHERE id = ? AND published = 0');
      let changed = 0;
      for (const id of ids) changed += mark.run(id).changes;
      this.#countPublished(changed);
    });
  }

  /** Deletes expired messages; returns how many. */
  prune(nowSeconds: number): number {
    return this.#db.query('DELETE FROM messages WHERE expires < ?').run(nowSeconds).changes;
  }

  /** Messages published since the cache was created (the /v1/stats counter, kept across restarts). */
  publishedCount(): number {
    return this.#db.query<{ value: number }, []>("SELECT value FROM stats WHERE key = 'messages'").get()?.value ?? 0;
  }

  ping(): void {
    this.#db.query('SELECT 1').get();
  }

  #countPublished(n: number): void {
    if (n > 0) this.#count.run(n);
  }
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    time: row.time,
    expires: row.expires,
    topic: row.topic,
    message: row.message,
    title: row.title,
    priority: row.priority,
    tags: JSON.parse(row.tags) as string[],
    click: row.click,
    icon: row.icon,
    contentType: row.content_type,
  };
}
