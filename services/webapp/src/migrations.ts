// The web app's SQLite schema, one migration per entry (applied in order, tracked in user_version).

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE watches (
     id TEXT PRIMARY KEY,
     chain TEXT NOT NULL,
     preset TEXT NOT NULL,
     position_id TEXT NOT NULL,
     owner TEXT NOT NULL,
     label TEXT NOT NULL,
     metric TEXT NOT NULL,
     warning REAL NOT NULL,
     critical REAL NOT NULL,
     topic TEXT NOT NULL,
     email TEXT,
     state TEXT NOT NULL,
     last_checked_at INTEGER,
     next_task_id TEXT,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX watches_owner ON watches (owner, created_at);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
];
