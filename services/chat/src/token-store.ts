// Bearer tokens (seed: valid 604,800 s, 7 days): 32 random bytes as hex, stored only as their SHA-256, so a copy
// of the database holds no usable token. The lookup by hash is the comparison: the hash of a 256-bit random value
// cannot be steered by an attacker, so no secret-dependent comparison happens in JS.

import type { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';

export const TOKEN_TTL_MS = 604_800_000;
const TOKEN = /^[0-9a-f]{64}$/;

export type TokenCheck =
  | { readonly valid: true; readonly fingerprint: string; readonly expiresAt: number }
  | { readonly valid: false; readonly error: string };

/** Valid tokens kept in memory after their first lookup (tokens never change until they expire). */
const CACHED_TOKENS = 100_000;

export class TokenStore {
  readonly #now: () => number;
  readonly #cache = new Map<string, { fingerprint: string; expiresAt: number }>();
  readonly #insert;
  readonly #find;
  readonly #purge;

  constructor(db: Database, now: () => number) {
    this.#now = now;
    this.#insert = db.query('INSERT INTO tokens (hash, fingerprint, expires_at) VALUES (?, ?, ?)');
    this.#find = db.query<{ fingerprint: string; expires_at: number }, [Uint8Array]>(
      'SELECT fingerprint, expires_at FROM tokens WHERE hash = ?',
    );
    this.#purge = db.query('DELETE FROM tokens WHERE expires_at <= ?');
  }

  issue(fingerprint: string): { token: string; expiresAt: number } {
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
    const expiresAt = this.#now() + TOKEN_TTL_MS;
    this.#insert.run(hash(token), fingerprint, expiresAt);
    return { token, expiresAt };
  }

  check(token: string): TokenCheck {
    let known = this.#cache.get(token);
    if (known === undefined) {
      if (!TOKEN.test(token)) return { valid: false, error: 'malformed token' };
      const row = this.#find.get(hash(token));
      if (row === null) return { valid: false, error: 'unknown token' };
      known = { fingerprint: row.fingerprint, expiresAt: row.expires_at };
      if (this.#cache.size >= CACHED_TOKENS) this.#cache.clear();
      this.#cache.set(token, known);
    }
    if (known.expiresAt <= this.#now()) {
      this.#cache.delete(token);
      return { valid: false, error: 'token expired' };
    }
    return { valid: true, fingerprint: known.fingerprint, expiresAt: known.expiresAt };
  }

  /** Deletes expired tokens; returns how many. */
  purgeExpired(): number {
    return this.#purge.run(this.#now()).changes;
  }
}

function hash(token: string): Uint8Array {
  return createHash('sha256').update(Buffer.from(token, 'hex')).digest();
}
