// /v1/keys against a real in-process server: first uploads prove themselves, later ones need the owner's token and
// replace the one-time prekeys, which leave exactly once (also under concurrent fetches); fetches are
// rate-limited; bad input is 4xx.

import { describe, expect, test } from 'bun:test';
import { deriveKeys, generateSeed } from '@keel/identity';
import sodium from 'libsodium-wrappers';
import { b64, bundleFor, json, startTestChat } from './support/test-chat.ts';

describe('PUT /v1/keys', () => {
  test('a first upload registers the bundle (201); the owner may replace prekeys, alias and signed prekey', async () => {
    await using s = await startTestChat();
    const keys = await deriveKeys(generateSeed());
    const first = await s.request('PUT', '/v1/keys', { body: bundleFor(keys, { prekeys: 3, alias: 'Ada' }) });
    expect(first.status).toBe(201);
    const fingerprint = (await json(first)).fingerprint as string;
    const verify = await s.request('POST', '/v1/auth/verify', { body: await s.signedChallenge({ keys, fingerprint }) });
    const { token } = (await json(verify)) as { token: string };

    const again = bundleFor(keys, { prekeys: 2, firstId: 10 });
    const second = await s.request('PUT', '/v1/keys', { body: { ...again, alias: 'Ada L.' }, token });
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual({ fingerprint, one_time_prekeys_left: 2 });
    const own = await s.request('GET', '/v1/keys', { token });
    expect(await json(own)).toEqual({ one_time_prekeys_left: 2, signed_prekey_id: 1 });
    const fetched = await json(s.request('GET', `/v1/keys/${fingerprint}`, { token }));
    expect(fetched.alias).toBe('Ada L.');
    expect(fetched.signed_prekey).toEqual(again.signed_prekey);
  });

  test('a later upload without a token is 401, with someone else’s token 403; nothing changes', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const mallory = await s.user();
    const forged = bundleFor(alice.keys, { prekeys: 1, firstId: 50 });
    expect((await s.request('PUT', '/v1/keys', { body: forged })).status).toBe(401);
    const other = await s.request('PUT', '/v1/keys', { body: forged, token: mallory.token });
    expect(other.status).toBe(403);
    expect((await json(other)).code).toBe('forbidden');
    const own = await json(s.request('GET', '/v1/keys', { token: alice.token }));
    expect(own.one_time_prekeys_left).toBe(5);
  });

  test('a non-empty list of one-time prekeys replaces the stored ones; an empty one keeps them', async () => {
    await using s = await startTestChat();
    const alice = await s.user({ prekeys: 3 });
    const bob = await s.user({ prekeys: 0 });
    const replace = bundleFor(alice.keys, { prekeys: 2, firstId: 3 }); // ids 3 (stored before) and 4
    expect((await s.request('PUT', '/v1/keys', { body: replace, token: alice.token })).status).toBe(200);
    expect((await json(s.request('GET', '/v1/keys', { token: alice.token }))).one_time_prekeys_left).toBe(2);
    const keep = bundleFor(alice.keys, { prekeys: 0 });
    expect((await s.request('PUT', '/v1/keys', { body: keep, token: alice.token })).status).toBe(200);
    const handed = [];
    for (let i = 0; i < 3; i++) {
      handed.push(
        (await json(s.request('GET', `/v1/keys/${alice.fingerprint}`, { token: bob.token }))).one_time_prekey,
      );
    }
    const uploaded = replace.one_time_prekeys as { id: number; public_key: string }[];
    expect(handed).toEqual([uploaded[0], uploaded[1], null]);
  });

  test('a bundle that does not prove itself is 422', async () => {
    await using s = await startTestChat();
    const keys = await deriveKeys(generateSeed());
    const stranger = await deriveKeys(generateSeed());
    const good = bundleFor(keys);
    const cases: [string, Record<string, unknown>][] = [
      ['fingerprint of another key', { ...good, identity_key: b64(stranger.ed25519.publicKey) }],
      [
        'signed prekey signed by another key',
        {
          ...good,
          signed_prekey: {
            ...(good.signed_prekey as Record<string, unknown>),
            signature: b64(sodium.crypto_sign_detached(new Uint8Array(32), stranger.ed25519.secretKey)),
          },
        },
      ],
    ];
    for (const [what, body] of cases) {
      const answer = await s.request('PUT', '/v1/keys', { body });
      expect({ what, status: answer.status, code: (await json(answer)).code }).toEqual({
        what,
        status: 422,
        code: 'invalid_bundle',
      });
    }
  });

  test('the identity DH key of a fingerprint cannot change', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const other = await deriveKeys(generateSeed());
    const body = { ...bundleFor(alice.keys, { prekeys: 0 }), identity_dh_key: b64(other.x25519.publicKey) };
    expect((await s.request('PUT', '/v1/keys', { body, token: alice.token })).status).toBe(422);
  });

  test.each<[string, (good: Record<string, unknown>) => unknown, number, string]>([
    ['a body that is not JSON', () => '{"fingerprint":', 400, 'invalid_json'],
    ['an array body', () => [], 400, 'invalid_field'],
    ['an unknown field', (g) => ({ ...g, extra: 1 }), 400, 'invalid_field'],
    ['a missing fingerprint', (g) => ({ ...g, fingerprint: undefined }), 400, 'invalid_field'],
    ['a malformed fingerprint', (g) => ({ ...g, fingerprint: 'abcd' }), 400, 'invalid_field'],
    ['identity_key not base64', (g) => ({ ...g, identity_key: 'not base64!' }), 400, 'invalid_field'],
    ['identity_key of 31 bytes', (g) => ({ ...g, identity_key: b64(new Uint8Array(31)) }), 400, 'invalid_field'],
    ['identity_key as a number', (g) => ({ ...g, identity_key: 42 }), 400, 'invalid_field'],
    [
      'base64 without padding',
      (g) => ({ ...g, identity_dh_key: b64(new Uint8Array(32)).replace('=', '') }),
      400,
      'invalid_field',
    ],
    ['no signed prekey', (g) => ({ ...g, signed_prekey: null }), 400, 'invalid_field'],
    [
      'a signed prekey id of 0',
      (g) => ({ ...g, signed_prekey: { ...(g.signed_prekey as object), id: 0 } }),
      400,
      'invalid_field',
    ],
    [
      'a signed prekey id of 2^24',
      (g) => ({ ...g, signed_prekey: { ...(g.signed_prekey as object), id: 2 ** 24 } }),
      400,
      'invalid_field',
    ],
    [
      'a fractional id',
      (g) => ({ ...g, signed_prekey: { ...(g.signed_prekey as object), id: 1.5 } }),
      400,
      'invalid_field',
    ],
    [
      'a signature of 63 bytes',
      (g) => ({ ...g, signed_prekey: { ...(g.signed_prekey as object), signature: b64(new Uint8Array(63)) } }),
      400,
      'invalid_field',
    ],
    ['one_time_prekeys not an array', (g) => ({ ...g, one_time_prekeys: {} }), 400, 'invalid_field'],
    [
      '101 one-time prekeys',
      (g) => ({
        ...g,
        one_time_prekeys: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, public_key: b64(new Uint8Array(32)) })),
      }),
      400,
      'invalid_field',
    ],
    [
      'two prekeys with one id',
      (g) => ({ ...g, one_time_prekeys: [1, 1].map((id) => ({ id, public_key: b64(new Uint8Array(32)) })) }),
      400,
      'invalid_field',
    ],
    [
      'a prekey with an extra field',
      (g) => ({ ...g, one_time_prekeys: [{ id: 1, public_key: b64(new Uint8Array(32)), x: 1 }] }),
      400,
      'invalid_field',
    ],
    ['an alias with a control character', (g) => ({ ...g, alias: 'a\u0007b' }), 400, 'invalid_field'],
    ['a blank alias', (g) => ({ ...g, alias: '   ' }), 400, 'invalid_field'],
    ['an alias of 65 characters', (g) => ({ ...g, alias: 'a'.repeat(65) }), 400, 'invalid_field'],
    ['a body over 64 KiB', (g) => ({ ...g, alias: 'a'.repeat(70_000) }), 413, 'payload_too_large'],
  ])('%s is refused with %i', async (_, make, status, code) => {
    await using s = await startTestChat();
    const keys = await deriveKeys(generateSeed());
    const answer = await s.request('PUT', '/v1/keys', { body: make(bundleFor(keys)) });
    expect(answer.status).toBe(status);
    expect((await json(answer)).code).toBe(code);
  });

  test('a body sent as text/plain is 415', async () => {
    await using s = await startTestChat();
    const keys = await deriveKeys(generateSeed());
    const answer = await s.request('PUT', '/v1/keys', {
      body: bundleFor(keys),
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(415);
  });
});

describe('GET /v1/keys/:fingerprint', () => {
  test('each one-time prekey is handed out once, also to 40 concurrent fetches; then null', async () => {
    await using s = await startTestChat();
    const bob = await s.user({ prekeys: 30 });
    const askers = await Promise.all(Array.from({ length: 4 }, () => s.user({ prekeys: 0 })));
    const fetches = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.request('GET', `/v1/keys/${bob.fingerprint}`, { token: askers[i % 4]?.token as string }),
      ),
    );
    const bundles = await Promise.all(fetches.map(json));
    const ids = bundles.map((b) => b.one_time_prekey?.id).filter((id) => id !== undefined);
    expect(ids.length).toBe(30);
    expect(new Set(ids).size).toBe(30);
    expect(bundles.filter((b) => b.one_time_prekey === null).length).toBe(10);
    const sent = bob.bundle.one_time_prekeys as { id: number; public_key: string }[];
    const first = bundles.find((b) => b.one_time_prekey?.id === 1);
    expect(first.one_time_prekey.public_key).toBe(sent[0]?.public_key);
    expect(first.identity_key).toBe(bob.bundle.identity_key);
    expect(first.identity_dh_key).toBe(bob.bundle.identity_dh_key);
  });

  test('without a token 401; an unknown fingerprint 404; a malformed one 400', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    expect((await s.request('GET', `/v1/keys/${alice.fingerprint}`)).status).toBe(401);
    expect((await s.request('GET', `/v1/keys/${alice.fingerprint}`, { token: 'f'.repeat(64) })).status).toBe(401);
    const unknown = '0000:0000:0000:0000:0000:0000:0000:0000';
    expect((await s.request('GET', `/v1/keys/${unknown}`, { token: alice.token })).status).toBe(404);
    expect((await s.request('GET', '/v1/keys/nope', { token: alice.token })).status).toBe(400);
  });

  test('fetches are limited per requester and target, with Retry-After', async () => {
    await using s = await startTestChat({ bundleFetchLimit: { burst: 3, replenishMs: 600_000 } });
    const bob = await s.user();
    const alice = await s.user();
    const carol = await s.user();
    for (let i = 0; i < 3; i++) {
      expect((await s.request('GET', `/v1/keys/${bob.fingerprint}`, { token: alice.token })).status).toBe(200);
    }
    const limited = await s.request('GET', `/v1/keys/${bob.fingerprint}`, { token: alice.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('600');
    // Another requester, or another target, has its own bucket.
    expect((await s.request('GET', `/v1/keys/${bob.fingerprint}`, { token: carol.token })).status).toBe(200);
    expect((await s.request('GET', `/v1/keys/${carol.fingerprint}`, { token: alice.token })).status).toBe(200);
    s.clock.now += 600_000;
    expect((await s.request('GET', `/v1/keys/${bob.fingerprint}`, { token: alice.token })).status).toBe(200);
  });
});
