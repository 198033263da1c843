// The ownership cache's schema, one entry per version; never edit a shipped entry, append a new one.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE contracts (
    key             TEXT PRIMARY KEY,
    network         TEXT NOT NULL,
    address         TEXT NOT NULL,
    max_token_id    TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('building', 'ready')),
    replay_from     TEXT,             -- first pinned scan block: logs are replayed from the block after it
    scan_next_id    TEXT NOT NULL,    -- lowest token id not yet scanned
    last_block      TEXT,             -- Transfer logs applied through this block
    last_block_hash TEXT,
    updated_at      INTEGER           -- unix ms of the last catch-up to the chain head
  ) STRICT;
  CREATE TABLE owners (
    contract TEXT NOT NULL,
    token_id TEXT NOT NULL,           -- decimal
    owner    TEXT NOT NULL,           -- lowercase hex
    PRIMARY KEY (contract, token_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX owners_by_owner ON owners (contract, owner);
  CREATE TABLE indexer_answers (
    contract     TEXT NOT NULL,
    wallet       TEXT NOT NULL,       -- lowercase hex
    token_ids    TEXT NOT NULL,       -- JSON array of decimal strings
    block_number TEXT,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (contract, wallet)
  ) STRICT, WITHOUT ROWID;
  `,
];
