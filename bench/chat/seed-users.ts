// Writes N users with tokens straight into a chat database (the schema the server itself migrates to), for load
// steps that need many logged-in users but do not measure logging in. Returns their fingerprints and tokens.

import { createHash } from 'node:crypto';
import { openDatabase } from '@keel/kit';
import { MIGRATIONS } from '../../services/chat/src/migrations.ts';

export interface SeededUser {
  readonly fingerprint: string;
  readonly token: string;
}

export function seedUsers(path: string, count: number, now: number): SeededUser[] {
  const db = openDatabase({ path, migrations: MIGRATIONS, durability: 'normal' });
  const insertUser = db.query(
    `INSERT INTO users (fingerprint, identity_key, identity_dh_key, alias, signed_prekey_id, signed_prekey,
       signed_prekey_signature, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const insertToken = db.query('INSERT INTO tokens (hash, fingerprint, expires_at) VALUES (?, ?, ?)');
  const users: SeededUser[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const digest = createHash('sha256').update(`bench-user-${i}`).digest('hex').slice(0, 32);
      const fingerprint = digest.match(/.{4}/g)?.join(':') ?? '';
      const token = crypto.getRandomValues(new Uint8Array(32));
      const random = () => crypto.getRandomValues(new Uint8Array(32));
      insertUser.run(fingerprint, random(), random(), `user ${i}`, random(), new Uint8Array(64), now, now);
      insertToken.run(createHash('sha256').update(token).digest(), fingerprint, now + 7 * 86_400_000);
      users.push({ fingerprint, token: Buffer.from(token).toString('hex') });
    }
  })();
  db.close();
  return users;
}
