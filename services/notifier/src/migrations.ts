// The notifier's schema, one entry per version; never edit a shipped entry, append a new one.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE messages (
    seq          INTEGER PRIMARY KEY,        -- arrival order: what "since=<id>" compares
    id           TEXT NOT NULL UNIQUE,
    time         INTEGER NOT NULL,           -- unix seconds; a delayed message's delivery time
    expires      INTEGER NOT NULL,
    topic        TEXT NOT NULL,
    message      TEXT NOT NULL,
    title        TEXT,
    priority     INTEGER,
    tags         TEXT NOT NULL,              -- JSON array
    click        TEXT,
    icon         TEXT,
    content_type TEXT,
    published    INTEGER NOT NULL            -- 0 while a delayed message waits for its time
  ) STRICT;
  CREATE INDEX messages_topic ON messages (topic, time, seq);
  CREATE INDEX messages_scheduled ON messages (time) WHERE published = 0;
  CREATE INDEX messages_expires ON messages (expires);
  CREATE TABLE stats (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
  INSERT INTO stats (key, value) VALUES ('messages', 0);
  `,
];
