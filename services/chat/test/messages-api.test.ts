// /v1/messages against a real in-process server: send (durable before 202), poll, acknowledge, deduplication by
// (sender, id), the queue surviving a restart, limits, and a table of bad input.

import { describe, expect, test } from 'bun:test';
import { tempDir } from '@keel/kit/testing';
import { MAX_BODY_BYTES, MAX_FILE_CHUNK_BYTES } from '../src/envelope.ts';
import { DEDUP_IDS } from '../src/message-store.ts';
import { b64, json, startTestChat } from './support/test-chat.ts';

const body = (text: string) => b64(new TextEncoder().encode(text));

describe('send, poll, acknowledge', () => {
  test('a message waits for its recipient, arrives as sent, and is gone once acknowledged', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    const sent = await s.request('POST', '/v1/messages', {
      token: alice.token,
      body: { id: 'msg-0001', to: bob.fingerprint, kind: 'RatchetMessage', body: body('ciphertext') },
    });
    expect(sent.status).toBe(202);
    expect(await json(sent)).toEqual({ id: 'msg-0001', queued_at: new Date(s.clock.now).toISOString() });
    const polled = await json(s.request('GET', '/v1/messages', { token: bob.token }));
    expect(polled).toEqual([
      {
        server_id: expect.any(Number),
        id: 'msg-0001',
        from: alice.fingerprint,
        kind: 'RatchetMessage',
        group: null,
        body: body('ciphertext'),
        queued_at: new Date(s.clock.now).toISOString(),
      },
    ]);
    expect(await json(s.request('GET', '/v1/messages', { token: alice.token }))).toEqual([]);
    const ack = await s.request('POST', '/v1/messages/ack', {
      token: bob.token,
      body: { server_ids: [polled[0].server_id] },
    });
    expect(await json(ack)).toEqual({ acknowledged: 1 });
    expect(await json(s.request('GET', '/v1/messages', { token: bob.token }))).toEqual([]);
    // Acknowledging someone else's or an already acknowledged message removes nothing.
    expect(
      await json(
        s.request('POST', '/v1/messages/ack', { token: alice.token, body: { server_ids: [polled[0].server_id] } }),
      ),
    ).toEqual({ acknowledged: 0 });
  });

  test('messages come in the order they were sent; limit pages them', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    for (let i = 0; i < 5; i++) {
      const to = bob.fingerprint;
      await s.request('POST', '/v1/messages', {
        token: alice.token,
        body: { id: `order-${i}-xx`, to, kind: 'RatchetMessage', body: body(String(i)) },
      });
    }
    const page = await json(s.request('GET', '/v1/messages?limit=3', { token: bob.token }));
    expect(page.map((m: { id: string }) => m.id)).toEqual(['order-0-xx', 'order-1-xx', 'order-2-xx']);
  });

  test('a 1 MiB message and a full 64 KiB file chunk go through intact', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    const big = crypto.getRandomValues(new Uint8Array(MAX_BODY_BYTES).subarray(0, 65_536));
    const whole = new Uint8Array(MAX_BODY_BYTES);
    for (let i = 0; i < whole.length; i += big.length) whole.set(big, i);
    const chunk = crypto.getRandomValues(new Uint8Array(MAX_FILE_CHUNK_BYTES));
    for (const [id, kind, bytes] of [
      ['big-000001', 'RatchetMessage', whole],
      ['chunk-0001', 'FileChunk', chunk],
    ] as const) {
      const sent = await s.request('POST', '/v1/messages', {
        token: alice.token,
        body: { id, to: bob.fingerprint, kind, body: b64(bytes) },
      });
      expect(sent.status).toBe(202);
    }
    const [first, second] = await json(s.request('GET', '/v1/messages', { token: bob.token }));
    expect(Buffer.from(first.body, 'base64').equals(Buffer.from(whole))).toBe(true);
    expect(Buffer.from(second.body, 'base64').equals(Buffer.from(chunk))).toBe(true);
  });
});

describe('deduplication by (sender, id)', () => {
  test('a retry gets the first answer and queues nothing new; another message under the same id is 409', async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    const carol = await s.user();
    const message = { id: 'dup-00001', to: bob.fingerprint, kind: 'RatchetMessage', body: body('once') };
    const first = await json(s.request('POST', '/v1/messages', { token: alice.token, body: message }));
    s.clock.now += 1_000;
    const retry = await s.request('POST', '/v1/messages', { token: alice.token, body: message });
    expect(retry.status).toBe(202);
    expect(await json(retry)).toEqual(first);
    const reused = await s.request('POST', '/v1/messages', {
      token: alice.token,
      body: { ...message, body: body('another') },
    });
    expect(reused.status).toBe(409);
    // Ids are per sender: Carol may use the same one.
    expect((await s.request('POST', '/v1/messages', { token: carol.token, body: message })).status).toBe(202);
    const inbox = await json(s.request('GET', '/v1/messages', { token: bob.token }));
    expect(inbox.map((m: { from: string }) => m.from)).toEqual([alice.fingerprint, carol.fingerprint]);
  });

  test(`ids are remembered for at least the last ${DEDUP_IDS} messages, not forever`, async () => {
    await using s = await startTestChat();
    const alice = await s.user();
    const bob = await s.user();
    const copy = (text: string) => [{ recipient: bob.fingerprint, body: new TextEncoder().encode(text) }];
    const accept = (id: string, text: string) =>
      s.chat.messages.accept({
        sender: alice.fingerprint,
        id,
        kind: 'RatchetMessage',
        group: null,
        copies: copy(text),
      });
    await Promise.all(Array.from({ length: DEDUP_IDS + 1_000 }, (_, i) => accept(`fifo-${i}-id`, 'x')));
    // The oldest 1,000 were forgotten (pruned in steps of 1,000); the next is still known.
    expect((await accept('fifo-0-id', 'different')).duplicate).toBe(false);
    await expect(accept('fifo-1000-id', 'different')).rejects.toThrow('already used');
  });
});

test('queued messages survive a restart of the server', async () => {
  await using dir = await tempDir('chat-restart-');
  let bob: { token: string; fingerprint: string };
  {
    await using s = await startTestChat({}, { dataDir: dir.path });
    const alice = await s.user();
    bob = await s.user();
    await s.request('POST', '/v1/messages', {
      token: alice.token,
      body: { id: 'persist-01', to: bob.fingerprint, kind: 'PreKeyMessage', body: body('hello later') },
    });
  }
  await using again = await startTestChat({}, { dataDir: dir.path });
  const inbox = await json(again.request('GET', '/v1/messages', { token: bob.token }));
  expect(inbox.map((m: { id: string; body: string }) => [m.id, m.body])).toEqual([['persist-01', body('hello later')]]);
});

describe('refusals', () => {
  test('no token 401, an unknown recipient 404, over the send limit 429', async () => {
    await using s = await startTestChat({ sendLimit: { burst: 2, replenishMs: 1_000 } });
    const alice = await s.user();
    const message = { id: 'limit-0001', to: alice.fingerprint, kind: 'Receipt', body: body('r') };
    expect((await s.request('POST', '/v1/messages', { body: message })).status).toBe(401);
    const unknown = { ...message, to: '0000:0000:0000:0000:0000:0000:0000:0000' };
    expect((await s.request('POST', '/v1/messages', { token: alice.token, body: unknown })).status).toBe(404);
    expect((await s.request('POST', '/v1/messages', { token: alice.token, body: message })).status).toBe(202);
    const limited = await s.request('POST', '/v1/messages', {
      token: alice.token,
      body: { ...message, id: 'limit-0002' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  test.each<[string, (to: string) => unknown, number]>([
    ['not JSON', () => '{"id":', 400],
    ['an unknown kind', (to) => ({ id: 'abcdefgh', to, kind: 'Shout', body: body('x') }), 400],
    ['GroupMessage sent directly', (to) => ({ id: 'abcdefgh', to, kind: 'GroupMessage', body: body('x') }), 400],
    ['GroupControl from a client', (to) => ({ id: 'abcdefgh', to, kind: 'GroupControl', body: body('x') }), 400],
    ['an id of 7 characters', (to) => ({ id: 'abcdefg', to, kind: 'Receipt', body: body('x') }), 400],
    ['an id with a space', (to) => ({ id: 'abcd efgh', to, kind: 'Receipt', body: body('x') }), 400],
    ['an id as a number', (to) => ({ id: 12345678, to, kind: 'Receipt', body: body('x') }), 400],
    ['a malformed recipient', () => ({ id: 'abcdefgh', to: 'bob', kind: 'Receipt', body: body('x') }), 400],
    ['a body that is not base64', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: '@@@@' }), 400],
    ['a body without padding', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: 'eA' }), 400],
    ['an empty body', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: '' }), 400],
    ['a body as an array', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: [1, 2] }), 400],
    ['an extra field', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: body('x'), urgent: true }), 400],
    [
      'a body of 1 MiB + 1',
      (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: b64(new Uint8Array(MAX_BODY_BYTES + 1)) }),
      413,
    ],
    [
      'a file chunk over 64 KiB + 256',
      (to) => ({ id: 'abcdefgh', to, kind: 'FileChunk', body: b64(new Uint8Array(MAX_FILE_CHUNK_BYTES + 1)) }),
      413,
    ],
    ['a request over 1.5 MiB', (to) => ({ id: 'abcdefgh', to, kind: 'Receipt', body: 'A'.repeat(1_600_000) }), 413],
  ])('sending %s is %i', async (_, make, status) => {
    await using s = await startTestChat();
    const alice = await s.user();
    const answer = await s.request('POST', '/v1/messages', { token: alice.token, body: make(alice.fingerprint) });
    expect(answer.status).toBe(status);
    expect(await json(s.request('GET', '/v1/messages', { token: alice.token }))).toEqual([]);
  });

  test.each<[string, string, string, unknown]>([
    ['a poll limit of 0', 'GET', '/v1/messages?limit=0', undefined],
    ['a poll limit of 101', 'GET', '/v1/messages?limit=101', undefined],
    ['a poll limit that is not a number', 'GET', '/v1/messages?limit=ten', undefined],
    ['an unknown poll parameter', 'GET', '/v1/messages?since=0', undefined],
    ['an empty ack', 'POST', '/v1/messages/ack', { server_ids: [] }],
    ['an ack of strings', 'POST', '/v1/messages/ack', { server_ids: ['1'] }],
    ['an ack of 0', 'POST', '/v1/messages/ack', { server_ids: [0] }],
    ['an ack of 1.5', 'POST', '/v1/messages/ack', { server_ids: [1.5] }],
    ['an ack of 1,001 ids', 'POST', '/v1/messages/ack', { server_ids: Array.from({ length: 1_001 }, (_, i) => i + 1) }],
    ['an ack without server_ids', 'POST', '/v1/messages/ack', { ids: [1] }],
  ])('%s is 400', async (_, method, path, requestBody) => {
    await using s = await startTestChat();
    const alice = await s.user();
    const init = requestBody === undefined ? { token: alice.token } : { token: alice.token, body: requestBody };
    expect((await s.request(method, path, init)).status).toBe(400);
  });
});
