// The scheduler's schema, one entry per version; never edit a shipped entry, append a new one.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE tasks (
    id              TEXT PRIMARY KEY,
    url             TEXT NOT NULL,
    method          TEXT NOT NULL,
    headers         TEXT NOT NULL,            -- JSON object
    payload         TEXT NOT NULL,
    execute_at      INTEGER NOT NULL,         -- unix ms, UTC
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,                  -- unix ms; NULL unless pending
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER
  ) STRICT;
  -- The timer reads only the head of this index: the next due task, never a scan of all tasks.
  CREATE INDEX tasks_due ON tasks (next_attempt_at, id) WHERE status = 'pending';
  CREATE INDEX tasks_listing ON tasks (status, execute_at, id);
  CREATE INDEX tasks_finished ON tasks (finished_at) WHERE finished_at IS NOT NULL;
  CREATE TABLE attempts (
    task_id     TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    attempt     INTEGER NOT NULL,
    started_at  INTEGER NOT NULL,
    duration_ms REAL NOT NULL,
    status_code INTEGER,
    error       TEXT,
    PRIMARY KEY (task_id, attempt)
  ) STRICT, WITHOUT ROWID;
  `,
];
