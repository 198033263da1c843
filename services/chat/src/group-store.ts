// Groups in SQLite: a name (also a call room's), its members in the order they joined.

import type { Database } from 'bun:sqlite';
import { ConflictError } from './errors.ts';

/** Members one group may hold: a group post carries one ciphertext per member. */
export const MAX_GROUP_MEMBERS = 1_000;

export interface Member {
  readonly fingerprint: string;
  readonly alias: string | null;
}

export class GroupStore {
  readonly #db: Database;
  readonly #now: () => number;
  readonly #exists;
  readonly #create;
  readonly #addMember;
  readonly #members;
  readonly #isMember;

  constructor(db: Database, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#exists = db.query<{ name: string }, [string]>('SELECT name FROM groups WHERE name = ?');
    this.#create = db.query('INSERT INTO groups (name, created_by, created_at) VALUES (?, ?, ?)');
    this.#addMember = db.query(
      'INSERT OR IGNORE INTO group_members (group_name, fingerprint, joined_at) VALUES (?, ?, ?)',
    );
    this.#members = db.query<Member, [string]>(
      `SELECT m.fingerprint AS fingerprint, u.alias AS alias FROM group_members m
       JOIN users u ON u.fingerprint = m.fingerprint WHERE m.group_name = ? ORDER BY m.rowid`,
    );
    this.#isMember = db.query<{ n: number }, [string, string]>(
      'SELECT count(*) AS n FROM group_members WHERE group_name = ? AND fingerprint = ?',
    );
  }

  exists(name: string): boolean {
    return this.#exists.get(name) !== null;
  }

  /** Creates the group with its creator as the first member; 409 when the name is taken. */
  create(name: string, creator: string): void {
    this.#db.transaction(() => {
      if (this.exists(name)) throw new ConflictError(`group ${name} already exists`);
      const now = this.#now();
      this.#create.run(name, creator, now);
      this.#addMember.run(name, creator, now);
    })();
  }

  /** Adds the member; false when it already was one. */
  join(name: string, fingerprint: string): boolean {
    return this.#db.transaction(() => {
      if (this.isMember(name, fingerprint)) return false;
      if (this.members(name).length >= MAX_GROUP_MEMBERS) {
        throw new ConflictError(`group ${name} is full (${MAX_GROUP_MEMBERS} members)`);
      }
      this.#addMember.run(name, fingerprint, this.#now());
      return true;
    })();
  }

  members(name: string): Member[] {
    return this.#members.all(name);
  }

  isMember(name: string, fingerprint: string): boolean {
    return (this.#isMember.get(name, fingerprint)?.n ?? 0) > 0;
  }
}
