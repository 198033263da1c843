// /v1/auth against a real in-process server: the challenge-response login, single-use and expiring challenges, one
// uniform refusal, tokens stored only as hashes, validate in both forms (and through the relay's own client).

import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { deriveKeys, generateSeed } from '@keel/identity';
import sodium from 'libsodium-wrappers';
import { authenticateToken } from '../../relay/src/auth-client.ts';
import { CHALLENGE_TTL_MS } from '../src/challenges.ts';
import { TOKEN_TTL_MS } from '../src/token-store.ts';
import { b64, json, startTestChat } from './support/test-chat.ts';

describe('challenge and verify', () => {
  test('a registered user signs the challenge and gets a 7-day token', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const challenge = await json(s.request('POST', '/v1/auth/challenge', { body: { fingerprint: alice.fingerprint } }));
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(challenge.expires_at)).toBe(s.clock.now + CHALLENGE_TTL_MS);
    const signature = sodium.crypto_sign_detached(
      Buffer.from(challenge.challenge, 'hex'),
      alice.keys.ed25519.secretKey,
    );
    const verified = await s.request('POST', '/v1/auth/verify', {
      body: { fingerprint: alice.fingerprint, challenge: challenge.challenge, signature: b64(signature) },
    });
    expect(verified.status).toBe(200);
    const { token, expires_at } = await json(verified);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(expires_at)).toBe(s.clock.now + TOKEN_TTL_MS);
    expect((await s.request('GET', '/v1/keys', { token })).status).toBe(200);
  });

  test('every failed verify gets the same 401 body, and uses the challenge up', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    const stranger = await deriveKeys(generateSeed());
    const good = await s.signedChallenge(alice);
    const wrongKey = {
      ...good,
      signature: b64(
        sodium.crypto_sign_detached(Buffer.from(good.challenge as string, 'hex'), bob.keys.ed25519.secretKey),
      ),
    };
    const answers: Record<string, unknown>[] = [];
    answers.push(await json(s.request('POST', '/v1/auth/verify', { body: wrongKey })));
    // The wrong signature used the challenge up: the right one no longer works.
    answers.push(await json(s.request('POST', '/v1/auth/verify', { body: good })));
    const unknown = await s.signedChallenge({ keys: stranger, fingerprint: '0000:0000:0000:0000:0000:0000:0000:0001' });
    answers.push(await json(s.request('POST', '/v1/auth/verify', { body: unknown })));
    const forBob = await s.signedChallenge(bob);
    answers.push(
      await json(s.request('POST', '/v1/auth/verify', { body: { ...forBob, fingerprint: alice.fingerprint } })),
    );
    const never = { ...good, challenge: 'ab'.repeat(32) };
    answers.push(await json(s.request('POST', '/v1/auth/verify', { body: never })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ code: 'challenge_failed', message: expect.any(String) });
  });

  test('a challenge expires after 60 s', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const body = await s.signedChallenge(alice);
    s.clock.now += CHALLENGE_TTL_MS;
    expect((await s.request('POST', '/v1/auth/verify', { body })).status).toBe(401);
  });

  test('of 50 concurrent verifies of one challenge exactly one wins', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const body = await s.signedChallenge(alice);
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.request('POST', '/v1/auth/verify', { body })));
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    expect(answers.filter((a) => a.status === 401).length).toBe(49);
  });

  test('challenges are limited per fingerprint, with Retry-After', async () => {
    await using s = await startTestChat({ challengeLimit: { burst: 2, replenishMs: 6_000 } });
    const fingerprint = '0000:0000:0000:0000:0000:0000:0000:0002';
    for (let i = 0; i < 2; i++) {
      expect((await s.request('POST', '/v1/auth/challenge', { body: { fingerprint } })).status).toBe(200);
    }
    const limited = await s.request('POST', '/v1/auth/challenge', { body: { fingerprint } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('6');
  });

  test.each<[string, string, unknown, number]>([
    ['challenge: not JSON', '/v1/auth/challenge', '{', 400],
    ['challenge: no fingerprint', '/v1/auth/challenge', {}, 400],
    ['challenge: fingerprint as a number', '/v1/auth/challenge', { fingerprint: 7 }, 400],
    [
      'challenge: uppercase fingerprint',
      '/v1/auth/challenge',
      { fingerprint: 'ABCD:0000:0000:0000:0000:0000:0000:0000' },
      400,
    ],
    [
      'challenge: an extra field',
      '/v1/auth/challenge',
      { fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000', x: 1 },
      400,
    ],
    [
      'verify: a short challenge',
      '/v1/auth/verify',
      { fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000', challenge: 'ab', signature: b64(new Uint8Array(64)) },
      400,
    ],
    [
      'verify: a challenge in uppercase hex',
      '/v1/auth/verify',
      {
        fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000',
        challenge: 'AB'.repeat(32),
        signature: b64(new Uint8Array(64)),
      },
      400,
    ],
    [
      'verify: a signature that is not base64',
      '/v1/auth/verify',
      { fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000', challenge: 'ab'.repeat(32), signature: '*'.repeat(88) },
      400,
    ],
    [
      'verify: a signature of 32 bytes',
      '/v1/auth/verify',
      {
        fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000',
        challenge: 'ab'.repeat(32),
        signature: b64(new Uint8Array(32)),
      },
      400,
    ],
    [
      'verify: no signature',
      '/v1/auth/verify',
      { fingerprint: '0000:0000:0000:0000:0000:0000:0000:0000', challenge: 'ab'.repeat(32) },
      400,
    ],
    ['validate: a token as a number', '/v1/auth/validate', { token: 5 }, 400],
    ['validate: an extra field', '/v1/auth/validate', { token: 'a', x: 1 }, 400],
    ['any: a body over 4 KiB', '/v1/auth/challenge', { fingerprint: 'a'.repeat(5_000) }, 413],
  ])('%s is %i', async (_, path, body, status) => {
    await using s = await startTestChat();
    const answer = await s.request('POST', path, { body });
    expect(answer.status).toBe(status);
  });
});

describe('validate', () => {
  test('the JSON form answers valid with fingerprint and expiry, or valid: false with why', async () => {
    await using s = await startTestChat();
    const alice = await s.user({ alias: 'Alice' });
    expect(await json(s.request('POST', '/v1/auth/validate', { body: { token: alice.token } }))).toEqual({
      valid: true,
      fingerprint: alice.fingerprint,
      alias: 'Alice',
      expires_at: new Date(s.clock.now + TOKEN_TTL_MS).toISOString(),
    });
    const unknown = await s.request('POST', '/v1/auth/validate', { body: { token: 'c'.repeat(64) } });
    expect(unknown.status).toBe(200);
    expect(await json(unknown)).toEqual({ valid: false, error: 'unknown token' });
    expect(await json(s.request('POST', '/v1/auth/validate', { body: { token: 'nope' } }))).toEqual({
      valid: false,
      error: 'malformed token',
    });
    s.clock.now += TOKEN_TTL_MS;
    expect(await json(s.request('POST', '/v1/auth/validate', { body: { token: alice.token } }))).toEqual({
      valid: false,
      error: 'token expired',
    });
    expect((await s.request('GET', '/v1/keys', { token: alice.token })).status).toBe(401);
  });

  test('the bearer form (no body) answers the relay’s {valid, fingerprint, alias}', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const answer = await json(s.request('POST', '/v1/auth/validate', { token: alice.token }));
    expect(answer).toMatchObject({ valid: true, fingerprint: alice.fingerprint, alias: null });
    expect((await s.request('POST', '/v1/auth/validate')).status).toBe(400);
  });

  test('the relay’s own auth client accepts a real token over HTTP and refuses a wrong one', async () => {
    await using s = await startTestChat();
    const alice = await s.user({ alias: 'Alice' });
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => s.chat.app.handle(request) });
    try {
      const url = `http://127.0.0.1:${server.port}/v1/auth/validate`;
      expect(await authenticateToken(url, alice.token)).toEqual({
        valid: true,
        fingerprint: alice.fingerprint,
        alias: 'Alice',
      });
      expect(await authenticateToken(url, 'd'.repeat(64))).toEqual({ valid: false, reason: 'token not valid' });
    } finally {
      await server.stop(true);
    }
  });
});

test('the database holds token hashes only: no token, in hex or as bytes, appears in it', async () => {
  await using s = await startTestChat();
  const alice = await s.user();
  s.chat.close();
  const raw = Buffer.from(await Bun.file(join(s.dataDir, 'chat.sqlite')).arrayBuffer());
  const wal = Buffer.from(
    await Bun.file(join(s.dataDir, 'chat.sqlite-wal'))
      .arrayBuffer()
      .catch(() => new ArrayBuffer(0)),
  );
  for (const file of [raw, wal]) {
    expect(file.includes(Buffer.from(alice.token))).toBe(false);
    expect(file.includes(Buffer.from(alice.token, 'hex'))).toBe(false);
  }
  const db = new Database(join(s.dataDir, 'chat.sqlite'), { readonly: true });
  expect(db.query('SELECT count(*) AS n FROM tokens').get()).toEqual({ n: 1 });
  db.close();
});
