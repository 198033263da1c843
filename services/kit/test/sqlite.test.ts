import type { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseTooNewError, openDatabase } from '../src/sqlite.ts';
import { tempDir } from '../src/testing/index.ts';

const MIGRATIONS = [
  'CREATE TABLE tasks (id TEXT PRIMARY KEY, url TEXT NOT NULL)',
  'ALTER TABLE tasks ADD COLUMN status TEXT NOT NULL DEFAULT "pending"',
];

function userVersion(db: Database): number {
  return db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version ?? -1;
}

function tableNames(db: Database): string[] {
  return db
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

function pragma(db: Database, name: string): unknown {
  return Object.values(db.query(`PRAGMA ${name}`).get() ?? {})[0];
}

describe('openDatabase', () => {
  test('creates missing parent directories and the file', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'nested', 'deeper', 'service.sqlite');
    using _db = openDatabase({ path, migrations: [] });
    expect(existsSync(path)).toBe(true);
  });

  test('turns on WAL, full durability by default, and foreign keys', async () => {
    await using dir = await tempDir();
    using db = openDatabase({ path: join(dir.path, 'db.sqlite'), migrations: [] });
    expect({
      journal: pragma(db, 'journal_mode'),
      synchronous: pragma(db, 'synchronous'),
      foreignKeys: pragma(db, 'foreign_keys'),
      busyTimeout: pragma(db, 'busy_timeout'),
    }).toEqual({ journal: 'wal', synchronous: 2, foreignKeys: 1, busyTimeout: 5000 });
  });

  test('normal durability sets synchronous to NORMAL', async () => {
    await using dir = await tempDir();
    using db = openDatabase({ path: join(dir.path, 'db.sqlite'), migrations: [], durability: 'normal' });
    expect(pragma(db, 'synchronous')).toBe(1);
  });

  test('applies the migrations in order and records the count in user_version', async () => {
    await using dir = await tempDir();
    using db = openDatabase({ path: join(dir.path, 'db.sqlite'), migrations: MIGRATIONS });
    db.run("INSERT INTO tasks (id, url) VALUES ('t1', 'https://example.com')");
    expect({ version: userVersion(db), rows: db.query('SELECT * FROM tasks').all() }).toEqual({
      version: 2,
      rows: [{ id: 't1', url: 'https://example.com', status: 'pending' }],
    });
  });

  test('re-opening applies only the migrations added since, keeping the data', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'db.sqlite');
    {
      using first = openDatabase({ path, migrations: MIGRATIONS.slice(0, 1) });
      first.run("INSERT INTO tasks (id, url) VALUES ('t1', 'https://example.com')");
      expect(userVersion(first)).toBe(1);
    }
    // Re-running migration 1 would fail: the table exists.
    using second = openDatabase({ path, migrations: MIGRATIONS });
    expect({ version: userVersion(second), rows: second.query('SELECT * FROM tasks').all() }).toEqual({
      version: 2,
      rows: [{ id: 't1', url: 'https://example.com', status: 'pending' }],
    });
  });

  test('re-opening with the same migrations changes nothing', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'db.sqlite');
    openDatabase({ path, migrations: MIGRATIONS }).close();
    using db = openDatabase({ path, migrations: MIGRATIONS });
    expect({ version: userVersion(db), tables: tableNames(db) }).toEqual({ version: 2, tables: ['tasks'] });
  });

  test('a database newer than the migrations throws DatabaseTooNewError', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'db.sqlite');
    openDatabase({ path, migrations: MIGRATIONS }).close();
    let thrown: unknown;
    try {
      openDatabase({ path, migrations: MIGRATIONS.slice(0, 1) }).close();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseTooNewError);
    expect((thrown as Error).message).toBe(
      `${path} is at schema version 2, newer than this build knows (1); upgrade the service`,
    );
  });

  test('a failing migration rolls back entirely and leaves the version unchanged', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'db.sqlite');
    openDatabase({ path, migrations: MIGRATIONS.slice(0, 1) }).close();
    const broken = [...MIGRATIONS.slice(0, 1), 'CREATE TABLE half (x); INSERT INTO no_such_table VALUES (1)'];
    expect(() => openDatabase({ path, migrations: broken })).toThrow('no such table: no_such_table');
    using db = openDatabase({ path, migrations: MIGRATIONS.slice(0, 1) });
    expect({ version: userVersion(db), tables: tableNames(db) }).toEqual({ version: 1, tables: ['tasks'] });
  });

  test('an in-memory database is migrated too', () => {
    using db = openDatabase({ path: ':memory:', migrations: MIGRATIONS });
    expect({ version: userVersion(db), tables: tableNames(db) }).toEqual({ version: 2, tables: ['tasks'] });
  });
});

describe('openDatabase failures', () => {
  // SQLite deletes the -wal file when the last connection to a WAL database closes (sqlite.org/wal.html).
  test.each([
    ['a failing migration', [...MIGRATIONS, 'SELECT * FROM no_such_table']],
    ['a database newer than the migrations', []],
  ])('after %s the connection is closed, not leaked', async (_name, migrations) => {
    await using dir = await tempDir();
    const path = join(dir.path, 'db.sqlite');
    openDatabase({ path, migrations: MIGRATIONS }).close();
    expect(() => openDatabase({ path, migrations })).toThrow();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});
