// GET /v1/ws on a real listening server with real WebSocket clients: backlog then queue_empty, live pushes,
// acknowledgements over the socket, the 256-message window, reconnects that lose nothing, one socket per user,
// sending over the socket, and the auth rules.

import { describe, expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { MAX_IN_FLIGHT } from '../src/inbox-hub.ts';
import { b64, json, startTestChat, type TestChat, type TestUser } from './support/test-chat.ts';

interface Frame {
  type: string;
  server_id?: number;
  id?: string;
  body?: string;
}

/** A WebSocket client that records frames and how it closed. */
function client(address: string, init: { token?: string } = {}) {
  const socket = new WebSocket(`ws://${address}/v1/ws`, {
    headers: init.token === undefined ? {} : { authorization: `Bearer ${init.token}` },
  } as unknown as string[]);
  const frames: Frame[] = [];
  let closed: { code: number; reason: string } | null = null;
  let failed = false;
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data)) as Frame));
  socket.addEventListener('close', (event) => {
    closed = { code: event.code, reason: event.reason };
  });
  socket.addEventListener('error', () => {
    failed = true;
  });
  return {
    socket,
    frames,
    opened,
    messages: () => frames.filter((f) => f.type === 'message'),
    closed: () => closed,
    failed: () => failed,
    send: (value: unknown) => socket.send(JSON.stringify(value)),
    ack: (ids: number[]) => socket.send(JSON.stringify({ type: 'ack', server_ids: ids })),
  };
}

async function sendTo(s: TestChat, from: TestUser, to: TestUser, id: string) {
  const answer = await s.request('POST', '/v1/messages', {
    token: from.token,
    body: { id, to: to.fingerprint, kind: 'RatchetMessage', body: b64(new TextEncoder().encode(id)) },
  });
  expect(answer.status).toBe(202);
}

describe('pushes over the socket', () => {
  test('the backlog, then queue_empty, then live messages; an ack deletes on the server', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const alice = await s.user();
    const bob = await s.user();
    await sendTo(s, alice, bob, 'backlog-1');
    const bobSocket = client(address, { token: bob.token });
    await waitFor(() => bobSocket.frames.length === 2, { what: 'backlog and queue_empty' });
    expect(bobSocket.frames.map((f) => f.type)).toEqual(['message', 'queue_empty']);
    await sendTo(s, alice, bob, 'live-0001');
    await waitFor(() => bobSocket.messages().length === 2, { what: 'the live message' });
    expect(bobSocket.messages().map((f) => f.id)).toEqual(['backlog-1', 'live-0001']);
    bobSocket.ack(bobSocket.messages().map((f) => f.server_id as number));
    await waitFor(async () => (await json(s.request('GET', '/v1/messages', { token: bob.token }))).length === 0, {
      what: 'the acknowledged messages gone',
    });
    bobSocket.socket.close();
  });

  test(`at most ${MAX_IN_FLIGHT} unacknowledged messages are pushed; acks release the rest`, async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const alice = await s.user();
    const bob = await s.user();
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => sendTo(s, alice, bob, `window-${String(i).padStart(3, '0')}`)),
    );
    const bobSocket = client(address, { token: bob.token });
    await waitFor(() => bobSocket.messages().length === MAX_IN_FLIGHT, { what: 'a full window' });
    await Bun.sleep(100);
    expect(bobSocket.messages().length).toBe(MAX_IN_FLIGHT);
    expect(bobSocket.frames.some((f) => f.type === 'queue_empty')).toBe(false);
    bobSocket.ack(bobSocket.messages().map((f) => f.server_id as number));
    await waitFor(() => bobSocket.frames.at(-1)?.type === 'queue_empty', { what: 'the rest and queue_empty' });
    const ids = bobSocket.messages().map((f) => f.id);
    expect(ids.length).toBe(300);
    expect(ids).toEqual([...ids].sort());
    bobSocket.socket.close();
  });

  test('a reconnect gets every unacknowledged message again and no acknowledged one: nothing lost', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const alice = await s.user();
    const bob = await s.user();
    for (let i = 0; i < 4; i++) await sendTo(s, alice, bob, `again-${i}-x`);
    const first = client(address, { token: bob.token });
    await waitFor(() => first.messages().length === 4, { what: 'four messages' });
    first.ack(
      first
        .messages()
        .slice(0, 2)
        .map((f) => f.server_id as number),
    );
    await waitFor(async () => (await json(s.request('GET', '/v1/messages', { token: bob.token }))).length === 2, {
      what: 'two acknowledged',
    });
    first.socket.close();
    await waitFor(() => first.closed() !== null, { what: 'the close' });
    await sendTo(s, alice, bob, 'again-4-x');
    const second = client(address, { token: bob.token });
    await waitFor(() => second.frames.at(-1)?.type === 'queue_empty', { what: 'the backlog' });
    expect(second.messages().map((f) => f.id)).toEqual(['again-2-x', 'again-3-x', 'again-4-x']);
    second.socket.close();
  });

  test('a second socket of the same user takes over; the first is closed with 4409', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const alice = await s.user();
    const bob = await s.user();
    const first = client(address, { token: bob.token });
    await waitFor(() => first.frames.length === 1, { what: 'queue_empty on the first' });
    const second = client(address, { token: bob.token });
    await waitFor(() => first.closed() !== null, { what: 'the first closed' });
    expect(first.closed()).toEqual({ code: 4409, reason: 'connected elsewhere' });
    await sendTo(s, alice, bob, 'to-second');
    await waitFor(() => second.messages().length === 1, { what: 'the message on the second' });
    second.socket.close();
  });
});

describe('sending over the socket', () => {
  test('a send frame is answered once the message is on disk; bad ones get an error frame, the socket stays', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const alice = await s.user();
    const bob = await s.user();
    const aliceSocket = client(address, { token: alice.token });
    const bobSocket = client(address, { token: bob.token });
    await waitFor(() => aliceSocket.frames.length === 1 && bobSocket.frames.length === 1, { what: 'both ready' });
    const message = { id: 'sock-0001', to: bob.fingerprint, kind: 'RatchetMessage', body: b64(Uint8Array.of(7)) };
    aliceSocket.send({ type: 'send', ...message });
    aliceSocket.send({ type: 'send', ...message, id: 'sock-0002', kind: 'Shout' });
    aliceSocket.send({ type: 'send', ...message, id: 'sock-0003', to: '0000:0000:0000:0000:0000:0000:0000:0000' });
    aliceSocket.send({ type: 'send', ...message });
    await waitFor(() => aliceSocket.frames.length === 5, { what: 'four answers' });
    // Answers come as each send completes (errors before the disk write), matched by id.
    const answers = aliceSocket.frames.slice(1) as unknown as Record<string, unknown>[];
    const sent = { type: 'sent', id: 'sock-0001', queued_at: new Date(s.clock.now).toISOString() };
    expect(answers.filter((a) => a.type === 'sent')).toEqual([sent, sent]);
    expect(answers.find((a) => a.id === 'sock-0002')).toMatchObject({
      type: 'error',
      status: 400,
      code: 'invalid_field',
      field: 'kind',
    });
    expect(answers.find((a) => a.id === 'sock-0003')).toMatchObject({
      type: 'error',
      status: 404,
      code: 'unknown_fingerprint',
    });
    await waitFor(() => bobSocket.messages().length === 1, { what: 'the message at Bob' });
    await Bun.sleep(50);
    expect(bobSocket.messages().map((f) => f.id)).toEqual(['sock-0001']);
    expect(aliceSocket.closed()).toBe(null);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });
});

test('metrics count the sockets held and the copies queued, by kind', async () => {
  await using s = await startTestChat();
  const address = s.listen();
  const alice = await s.user();
  const bob = await s.user();
  const bobSocket = client(address, { token: bob.token });
  await waitFor(() => bobSocket.frames.length === 1, { what: 'queue_empty' });
  await sendTo(s, alice, bob, 'metric-01');
  const text = await (await s.request('GET', '/metrics')).text();
  expect(text).toMatch(/^chat_websocket_connections\{service="chat"\} 1$/m);
  expect(text).toMatch(/^chat_messages_accepted_total\{kind="RatchetMessage",service="chat"\} 1$/m);
  bobSocket.socket.close();
});

describe('auth on the socket', () => {
  test('a browser-style first frame {type: auth} works', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const bob = await s.user();
    const socket = client(address);
    await socket.opened;
    socket.send({ type: 'auth', token: bob.token });
    await waitFor(() => socket.frames.length === 1, { what: 'queue_empty' });
    expect(socket.frames).toEqual([{ type: 'queue_empty' }]);
    socket.socket.close();
  });

  test.each<[string, unknown, number]>([
    ['a first frame that is not auth', { type: 'ack', server_ids: [1] }, 4401],
    ['an auth frame with an unknown token', { type: 'auth', token: 'e'.repeat(64) }, 4401],
    ['a first frame that is not JSON', 'hello', 1008],
  ])('%s closes the socket (%i)', async (_, frame, code) => {
    await using s = await startTestChat();
    const address = s.listen();
    const socket = client(address);
    await socket.opened;
    socket.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    await waitFor(() => socket.closed() !== null, { what: 'the close' });
    expect(socket.closed()?.code).toBe(code);
  });

  test('an unknown frame type after auth closes with 1008', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const bob = await s.user();
    const socket = client(address, { token: bob.token });
    await waitFor(() => socket.frames.length === 1, { what: 'queue_empty' });
    socket.send({ type: 'shout' });
    await waitFor(() => socket.closed() !== null, { what: 'the close' });
    expect(socket.closed()?.code).toBe(1008);
  });

  test('a wrong token in the upgrade header is refused before the upgrade', async () => {
    await using s = await startTestChat();
    const address = s.listen();
    const socket = client(address, { token: 'f'.repeat(64) });
    await waitFor(() => socket.failed() || socket.closed() !== null, { what: 'the refusal' });
    expect(socket.frames).toEqual([]);
  });
});
