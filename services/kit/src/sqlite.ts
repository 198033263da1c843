// SQLite files for services: WAL, durable commits, numbered migrations tracked in user_version.

import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `full` fsyncs every commit (survives power loss); `normal` survives a killed process but may lose the last
 * commits on power loss. Default `full`: an acknowledged write must not be lost.
 */
export type Durability = 'full' | 'normal';

export interface OpenDatabaseOptions {
  /** File path, or `:memory:`. Parent directories are created. */
  readonly path: string;
  /** Migration N (1-based) is `migrations[N - 1]`; applied in order, each in its own transaction. */
  readonly migrations: readonly string[];
  readonly durability?: Durability;
}

export class DatabaseTooNewError extends Error {
  constructor(path: string, found: number, known: number) {
    super(`${path} is at schema version ${found}, newer than this build knows (${known}); upgrade the service`);
    this.name = 'DatabaseTooNewError';
  }
}

export function openDatabase({ path, migrations, durability = 'full' }: OpenDatabaseOptions): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  db.run('PRAGMA journal_mode = WAL');
  db.run(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  db.run('PRAGMA busy_timeout = 5000');
  db.run('PRAGMA foreign_keys = ON');
  try {
    migrate(db, path, migrations);
  } catch (error) {
    // The caller never gets the handle, so it could never close it.
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: Database, path: string, migrations: readonly string[]): void {
  const row = db.query<{ user_version: number }, []>('PRAGMA user_version').get();
  const current = row?.user_version ?? 0;
  if (current > migrations.length) throw new DatabaseTooNewError(path, current, migrations.length);
  for (let version = current + 1; version <= migrations.length; version++) {
    const sql = migrations[version - 1] ?? '';
    db.transaction(() => {
      db.run(sql);
      db.run(`PRAGMA user_version = ${version}`);
    })();
  }
}
