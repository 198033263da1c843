// The chat server's schema, one entry per version; never edit a shipped entry, append a new one.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    fingerprint             TEXT PRIMARY KEY,
    identity_key            BLOB NOT NULL,            -- Ed25519 public, 32 bytes
    identity_dh_key         BLOB NOT NULL,            -- X25519 public, 32 bytes
    alias                   TEXT,
    signed_prekey_id        INTEGER NOT NULL,
    signed_prekey           BLOB NOT NULL,            -- X25519 public, 32 bytes
    signed_prekey_signature BLOB NOT NULL,            -- Ed25519 by identity_key over signed_prekey
    created_at              INTEGER NOT NULL,         -- unix ms
    updated_at              INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE one_time_prekeys (
    fingerprint TEXT NOT NULL REFERENCES users (fingerprint) ON DELETE CASCADE,
    id          INTEGER NOT NULL,
    public_key  BLOB NOT NULL,
    PRIMARY KEY (fingerprint, id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE tokens (
    hash        BLOB PRIMARY KEY,                     -- SHA-256 of the token's 32 bytes; the token is never stored
    fingerprint TEXT NOT NULL REFERENCES users (fingerprint) ON DELETE CASCADE,
    expires_at  INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX tokens_expiry ON tokens (expires_at);
  -- Queued messages until their recipient acknowledges them (or they expire); seq is the delivery order and the
  -- server_id clients acknowledge.
  CREATE TABLE messages (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient  TEXT NOT NULL,
    sender     TEXT NOT NULL,
    id         TEXT NOT NULL,                         -- the sender's message id
    kind       TEXT NOT NULL,
    group_name TEXT,                                  -- set for a group's fan-out copies
    body       BLOB NOT NULL,                         -- opaque ciphertext (server-authored JSON for GroupControl)
    queued_at  INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX messages_inbox ON messages (recipient, seq);
  CREATE INDEX messages_expiry ON messages (queued_at);
  -- The last 10,000 (sender, id) pairs accepted, oldest first, for deduplication.
  CREATE TABLE recent_ids (
    seq       INTEGER PRIMARY KEY AUTOINCREMENT,
    sender    TEXT NOT NULL,
    id        TEXT NOT NULL,
    digest    BLOB NOT NULL,                          -- SHA-256 of what was sent, to tell a retry from a reuse
    queued_at INTEGER NOT NULL,
    UNIQUE (sender, id)
  ) STRICT;
  `,
  `
  CREATE TABLE groups (
    name       TEXT PRIMARY KEY,                      -- a call room name too (1-64 of A-Z a-z 0-9 . _ -)
    created_by TEXT NOT NULL REFERENCES users (fingerprint),
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE group_members (
    group_name  TEXT NOT NULL REFERENCES groups (name) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL REFERENCES users (fingerprint) ON DELETE CASCADE,
    joined_at   INTEGER NOT NULL,
    PRIMARY KEY (group_name, fingerprint)
  ) STRICT;                                          -- rowid order is join order
  CREATE INDEX group_members_by_user ON group_members (fingerprint);
  `,
];
