import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { GroupCommit } from '../src/group-commit.ts';
import { openDatabase } from '../src/sqlite.ts';
import { tempDir } from '../src/testing/index.ts';

const MIGRATIONS = ['CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)'];

test('writes queued in one turn commit together and are visible to another connection once resolved', async () => {
  await using dir = await tempDir();
  const path = join(dir.path, 'g.sqlite');
  const db = openDatabase({ path, migrations: MIGRATIONS });
  const commits = new GroupCommit(db);
  const seenInTransaction: boolean[] = [];
  const writes = Array.from({ length: 50 }, (_, i) =>
    commits.run(() => {
      seenInTransaction.push(db.inTransaction);
      return db.query('INSERT INTO t (id, v) VALUES (?, ?) RETURNING id').get(i, `v${i}`);
    }),
  );
  expect(await Promise.all(writes)).toEqual(Array.from({ length: 50 }, (_, i) => ({ id: i })));
  expect(seenInTransaction.every(Boolean)).toBe(true);
  const other = new Database(path, { readonly: true });
  expect(other.query('SELECT count(*) AS n FROM t').get()).toEqual({ n: 50 });
  other.close();
  db.close();
});

test('a failing write is rolled back alone and rejects; the rest of its batch commits', async () => {
  await using dir = await tempDir();
  const db = openDatabase({ path: join(dir.path, 'g.sqlite'), migrations: MIGRATIONS });
  const commits = new GroupCommit(db);
  const first = commits.run(() => db.run("INSERT INTO t (id, v) VALUES (1, 'a')"));
  const failing = commits.run(() => {
    db.run("INSERT INTO t (id, v) VALUES (2, 'b')");
    db.run("INSERT INTO t (id, v) VALUES (1, 'duplicate')");
  });
  const last = commits.run(() => db.run("INSERT INTO t (id, v) VALUES (3, 'c')"));
  await first;
  await expect(failing).rejects.toThrow('UNIQUE');
  await last;
  expect(db.query('SELECT id, v FROM t ORDER BY id').all()).toEqual([
    { id: 1, v: 'a' },
    { id: 3, v: 'c' },
  ]);
  db.close();
});
