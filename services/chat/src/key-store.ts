// Key bundles in SQLite: register or update a user's bundle, hand out one-time prekeys exactly once.

import type { Database } from 'bun:sqlite';
import { InvalidBundleError } from './errors.ts';
import type { BundleUpload, PublicPrekey, StoredBundle } from './key-bundle.ts';

interface UserRow {
  fingerprint: string;
  identity_key: Uint8Array;
  identity_dh_key: Uint8Array;
  alias: string | null;
  signed_prekey_id: number;
  signed_prekey: Uint8Array;
  signed_prekey_signature: Uint8Array;
}

export class KeyStore {
  readonly #db: Database;
  readonly #now: () => number;
  readonly #user;
  readonly #exists;
  readonly #insertUser;
  readonly #updateUser;
  readonly #insertPrekey;
  readonly #deletePrekeys;
  readonly #countPrekeys;
  readonly #takePrekey;

  constructor(db: Database, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#user = db.query<UserRow, [string]>('SELECT * FROM users WHERE fingerprint = ?');
    this.#exists = db.query<{ one: number }, [string]>('SELECT 1 AS one FROM users WHERE fingerprint = ?');
    this.#insertUser = db.query(
      `INSERT INTO users (fingerprint, identity_key, identity_dh_key, alias, signed_prekey_id, signed_prekey,
         signed_prekey_signature, created_at, updated_at)
       VALUES ($fingerprint, $identityKey, $identityDhKey, $alias, $spkId, $spk, $spkSignature, $now, $now)`,
    );
    this.#updateUser = db.query(
      `UPDATE users SET alias = CASE WHEN $keepAlias THEN alias ELSE $alias END, signed_prekey_id = $spkId,
         signed_prekey = $spk,
         signed_prekey_signature = $spkSignature, updated_at = $now
       WHERE fingerprint = $fingerprint`,
    );
    this.#insertPrekey = db.query('INSERT INTO one_time_prekeys (fingerprint, id, public_key) VALUES (?, ?, ?)');
    this.#deletePrekeys = db.query('DELETE FROM one_time_prekeys WHERE fingerprint = ?');
    this.#countPrekeys = db.query<{ n: number }, [string]>(
      'SELECT count(*) AS n FROM one_time_prekeys WHERE fingerprint = ?',
    );
    // One statement finds and deletes the key: concurrent fetches can never both get it.
    this.#takePrekey = db.query<{ id: number; public_key: Uint8Array }, [string, string]>(
      `DELETE FROM one_time_prekeys
       WHERE fingerprint = ? AND id = (SELECT min(id) FROM one_time_prekeys WHERE fingerprint = ?)
       RETURNING id, public_key`,
    );
  }

  exists(fingerprint: string): boolean {
    return this.#exists.get(fingerprint) !== null;
  }

  get(fingerprint: string): StoredBundle | null {
    const row = this.#user.get(fingerprint);
    return row === null ? null : toBundle(row);
  }

  /** Stores a first bundle or updates an owner's (the identity keys of a fingerprint never change). */
  save(upload: BundleUpload): void {
    this.#db.transaction(() => {
      const existing = this.#user.get(upload.fingerprint);
      const params = {
        fingerprint: upload.fingerprint,
        alias: upload.alias ?? null,
        spkId: upload.signedPrekey.id,
        spk: upload.signedPrekey.publicKey,
        spkSignature: upload.signedPrekey.signature,
        now: this.#now(),
      };
      if (existing === null) {
        this.#insertUser.run({ ...params, identityKey: upload.identityKey, identityDhKey: upload.identityDhKey });
      } else {
        if (!sameBytes(existing.identity_dh_key, upload.identityDhKey)) {
          throw new InvalidBundleError('identity_dh_key differs from the one registered for this fingerprint');
        }
        this.#updateUser.run({ ...params, keepAlias: upload.alias === undefined ? 1 : 0 });
      }
      // A non-empty list replaces the stored one-time prekeys (Signal's rule): a client restored from its
      // mnemonic has lost the old ones' secrets, and a refill leaves no key behind that nobody can open.
      if (upload.oneTimePrekeys.length > 0) this.#deletePrekeys.run(upload.fingerprint);
      for (const key of upload.oneTimePrekeys) this.#insertPrekey.run(upload.fingerprint, key.id, key.publicKey);
    })();
  }

  /** Takes one of the user's one-time prekeys for good, or null when none is left. */
  takePrekey(fingerprint: string): PublicPrekey | null {
    const row = this.#takePrekey.get(fingerprint, fingerprint);
    return row === null ? null : { id: row.id, publicKey: row.public_key };
  }

  prekeysLeft(fingerprint: string): number {
    return this.#countPrekeys.get(fingerprint)?.n ?? 0;
  }
}

function toBundle(row: UserRow): StoredBundle {
  return {
    fingerprint: row.fingerprint,
    identityKey: row.identity_key,
    identityDhKey: row.identity_dh_key,
    alias: row.alias,
    signedPrekey: { id: row.signed_prekey_id, publicKey: row.signed_prekey, signature: row.signed_prekey_signature },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
