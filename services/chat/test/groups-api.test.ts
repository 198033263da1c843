// /v1/groups against a real in-process server: create, join (members learn of it), members with aliases, and a
// post fanned out as one pairwise copy per member, checked against the membership.

import { describe, expect, test } from 'bun:test';
import { b64, json, startTestChat, type TestChat, type TestUser } from './support/test-chat.ts';

const text = (value: string) => b64(new TextEncoder().encode(value));

async function groupOf(s: TestChat, size: number, name = 'den'): Promise<TestUser[]> {
  const users = await Promise.all(Array.from({ length: size }, (_, i) => s.user({ prekeys: 0, alias: `user ${i}` })));
  const [owner, ...rest] = users as [TestUser, ...TestUser[]];
  expect((await s.request('POST', '/v1/groups/create', { token: owner.token, body: { name } })).status).toBe(201);
  for (const user of rest) {
    expect((await s.request('POST', `/v1/groups/${name}/join`, { token: user.token })).status).toBe(200);
  }
  return users;
}

describe('create, join, members', () => {
  test('the creator is the first member; joiners follow in order, with aliases; members learn who joined', async () => {
    await using s = await startTestChat();
    const [ada, bo, cy] = (await groupOf(s, 3)) as [TestUser, TestUser, TestUser];
    const members = await json(s.request('GET', '/v1/groups/den/members', { token: cy.token }));
    expect(members).toEqual([
      { fingerprint: ada.fingerprint, alias: 'user 0' },
      { fingerprint: bo.fingerprint, alias: 'user 1' },
      { fingerprint: cy.fingerprint, alias: 'user 2' },
    ]);
    const adaInbox = await json(s.request('GET', '/v1/messages', { token: ada.token }));
    expect(adaInbox.map((m: { kind: string; from: string; group: string }) => [m.kind, m.from, m.group])).toEqual([
      ['GroupControl', bo.fingerprint, 'den'],
      ['GroupControl', cy.fingerprint, 'den'],
    ]);
    expect(JSON.parse(Buffer.from(adaInbox[1].body, 'base64').toString())).toEqual({
      event: 'joined',
      group: 'den',
      member: cy.fingerprint,
      alias: 'user 2',
    });
    // Joining again changes nothing and tells nobody.
    expect((await s.request('POST', '/v1/groups/den/join', { token: cy.token })).status).toBe(200);
    expect((await json(s.request('GET', '/v1/messages', { token: ada.token }))).length).toBe(2);
  });

  test.each<[string, (s: TestChat, u: TestUser) => Promise<Response>, number]>([
    [
      'creating a taken name',
      (s, u) => s.request('POST', '/v1/groups/create', { token: u.token, body: { name: 'den' } }),
      409,
    ],
    [
      'a name with a space',
      (s, u) => s.request('POST', '/v1/groups/create', { token: u.token, body: { name: 'a b' } }),
      400,
    ],
    [
      'a name of 65 characters',
      (s, u) => s.request('POST', '/v1/groups/create', { token: u.token, body: { name: 'a'.repeat(65) } }),
      400,
    ],
    [
      'a name as a number',
      (s, u) => s.request('POST', '/v1/groups/create', { token: u.token, body: { name: 5 } }),
      400,
    ],
    [
      'an extra field',
      (s, u) => s.request('POST', '/v1/groups/create', { token: u.token, body: { name: 'x', open: true } }),
      400,
    ],
    ['creating without a token', (s) => s.request('POST', '/v1/groups/create', { body: { name: 'new' } }), 401],
    ['joining an unknown group', (s, u) => s.request('POST', '/v1/groups/nowhere/join', { token: u.token }), 404],
    ['listing as a non-member', (s, u) => s.request('GET', '/v1/groups/den/members', { token: u.token }), 403],
    [
      'posting as a non-member',
      (s, u) => s.request('POST', '/v1/groups/den/send', { token: u.token, body: { id: 'abcdefgh', copies: [] } }),
      403,
    ],
  ])('%s is %i', async (_, call, status) => {
    await using s = await startTestChat();
    await groupOf(s, 2);
    const outsider = await s.user({ prekeys: 0 });
    expect((await call(s, outsider)).status).toBe(status);
  });
});

describe('send', () => {
  test('a post to 100 members: each other member gets exactly its own copy', async () => {
    await using s = await startTestChat();
    const users = await groupOf(s, 100);
    const [sender, ...others] = users as [TestUser, ...TestUser[]];
    const copies = others.map((u) => ({ to: u.fingerprint, body: text(`for ${u.fingerprint}`) }));
    const sent = await s.request('POST', '/v1/groups/den/send', {
      token: sender.token,
      body: { id: 'post-0001', copies },
    });
    expect(sent.status).toBe(202);
    expect((await json(sent)).copies).toBe(99);
    for (const user of others) {
      const inbox = await json(s.request('GET', '/v1/messages', { token: user.token }));
      const posts = inbox.filter((m: { kind: string }) => m.kind === 'GroupMessage');
      expect(posts.map((m: { body: string; from: string; group: string }) => [m.body, m.from, m.group])).toEqual([
        [text(`for ${user.fingerprint}`), sender.fingerprint, 'den'],
      ]);
    }
    const own = await json(s.request('GET', '/v1/messages', { token: sender.token }));
    expect(own.filter((m: { kind: string }) => m.kind === 'GroupMessage')).toEqual([]);
  });

  test('copies that do not match the membership are 409 with what is missing and extra; nothing is queued', async () => {
    await using s = await startTestChat();
    const [ada, bo, cy] = (await groupOf(s, 3)) as [TestUser, TestUser, TestUser];
    const stranger = await s.user({ prekeys: 0 });
    const answer = await s.request('POST', '/v1/groups/den/send', {
      token: ada.token,
      body: {
        id: 'post-0002',
        copies: [
          { to: bo.fingerprint, body: text('b') },
          { to: stranger.fingerprint, body: text('s') },
        ],
      },
    });
    expect(answer.status).toBe(409);
    expect(await json(answer)).toEqual({
      code: 'membership_mismatch',
      message: expect.any(String),
      missing: [cy.fingerprint],
      extra: [stranger.fingerprint],
    });
    const boInbox = await json(s.request('GET', '/v1/messages', { token: bo.token }));
    expect(boInbox.filter((m: { kind: string }) => m.kind === 'GroupMessage')).toEqual([]);
  });

  test.each<[string, unknown]>([
    ['copies not an array', { id: 'abcdefgh', copies: {} }],
    ['two copies for one member', { id: 'abcdefgh', copies: 'twice' }],
    ['a copy with bad base64', { id: 'abcdefgh', copies: 'bad-body' }],
    ['a bad id', { id: 'x', copies: [] }],
    ['an extra field', { id: 'abcdefgh', copies: [], urgent: true }],
  ])('%s is 400', async (_, body) => {
    await using s = await startTestChat();
    const [ada, bo] = (await groupOf(s, 2)) as [TestUser, TestUser];
    const resolved =
      (body as { copies: unknown }).copies === 'twice'
        ? { id: 'abcdefgh', copies: [1, 2].map(() => ({ to: bo.fingerprint, body: text('x') })) }
        : (body as { copies: unknown }).copies === 'bad-body'
          ? { id: 'abcdefgh', copies: [{ to: bo.fingerprint, body: '!!!!' }] }
          : body;
    expect((await s.request('POST', '/v1/groups/den/send', { token: ada.token, body: resolved })).status).toBe(400);
  });
});
