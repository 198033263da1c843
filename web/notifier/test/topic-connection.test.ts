import { expect, test } from 'bun:test';
import type { SocketHandlers } from '../src/lib/env.ts';
import type { NotifierMessage } from '../src/lib/message.ts';
import { type ConnectionStatus, connectTopic, reconnectDelayMs } from '../src/lib/topic-connection.ts';

interface FakeSocket {
  readonly url: string;
  readonly handlers: SocketHandlers;
  closed: boolean;
}

/** An environment whose network, clock and timers the test drives by hand. */
function fakeEnv(cached: readonly object[]) {
  const sockets: FakeSocket[] = [];
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const fetched: string[] = [];
  const env = {
    apiBase: '/notifier/',
    wsBase: 'ws://host/notifier/',
    now: () => 1_700_000_000_500,
    fetch: async (url: string) => {
      fetched.push(url);
      return new Response(cached.map((event) => `${JSON.stringify(event)}\n`).join(''));
    },
    openSocket: (url: string, handlers: SocketHandlers) => {
      const socket: FakeSocket = { url, handlers, closed: false };
      sockets.push(socket);
      return {
        close: () => {
          socket.closed = true;
        },
      };
    },
    schedule: (ms: number, run: () => void) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return { env, sockets, timers, fetched };
}

function messageEvent(id: string, time: number) {
  return { id, time, event: 'message', topic: 'alerts', message: `text ${id}` };
}

/** Lets the fake fetch's already-resolved promises run their continuations. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function record() {
  const statuses: ConnectionStatus[] = [];
  const batches: { ids: string[]; live: boolean }[] = [];
  return {
    statuses,
    batches,
    onStatus: (status: ConnectionStatus) => statuses.push(status),
    onMessages: (messages: readonly NotifierMessage[], live: boolean) =>
      batches.push({ ids: messages.map((m) => m.id), live }),
  };
}

test('catches up over HTTP, then goes live from the newest cached message', async () => {
  const { env, sockets, fetched } = fakeEnv([messageEvent('aaaaaaaaaaaa', 1), messageEvent('bbbbbbbbbbbb', 2)]);
  const seen = record();
  connectTopic({ topic: 'alerts', env, ...seen });
  await settle();

  expect(fetched).toEqual(['/notifier/alerts/json?poll=1&since=all']);
  expect(sockets.map((socket) => socket.url)).toEqual(['ws://host/notifier/alerts/ws?since=bbbbbbbbbbbb']);
  sockets[0]?.handlers.onFrame('{"id":"o","time":3,"event":"open","topic":"alerts"}');
  sockets[0]?.handlers.onFrame(JSON.stringify(messageEvent('cccccccccccc', 4)));
  sockets[0]?.handlers.onFrame('{"id":"k","time":5,"event":"keepalive","topic":"alerts"}');

  expect(seen.statuses).toEqual(['connecting', 'live']);
  expect(seen.batches).toEqual([
    { ids: ['aaaaaaaaaaaa', 'bbbbbbbbbbbb'], live: false },
    { ids: ['cccccccccccc'], live: true },
  ]);
});

test('with nothing cached, the WebSocket starts from the time the catch-up began', async () => {
  const { env, sockets } = fakeEnv([]);
  connectTopic({ topic: 'alerts', env, ...record() });
  await settle();
  expect(sockets[0]?.url).toBe('ws://host/notifier/alerts/ws?since=1700000000');
});

test('a dropped socket reconnects with growing delays from the last message it saw', async () => {
  const { env, sockets, timers } = fakeEnv([]);
  const seen = record();
  connectTopic({ topic: 'alerts', env, ...seen });
  await settle();
  sockets[0]?.handlers.onFrame(JSON.stringify(messageEvent('dddddddddddd', 9)));
  sockets[0]?.handlers.onClose();
  timers[0]?.run();
  sockets[1]?.handlers.onClose();
  timers[1]?.run();

  expect(timers.map((timer) => timer.ms)).toEqual([reconnectDelayMs(0), reconnectDelayMs(1)]);
  expect(sockets.map((socket) => socket.url)).toEqual([
    'ws://host/notifier/alerts/ws?since=1700000000',
    'ws://host/notifier/alerts/ws?since=dddddddddddd',
    'ws://host/notifier/alerts/ws?since=dddddddddddd',
  ]);
  expect(seen.statuses).toEqual(['connecting', 'reconnecting', 'reconnecting']);
});

test('an open event resets the backoff', async () => {
  const { env, sockets, timers } = fakeEnv([]);
  connectTopic({ topic: 'alerts', env, ...record() });
  await settle();
  sockets[0]?.handlers.onClose();
  timers[0]?.run();
  sockets[1]?.handlers.onFrame('{"id":"o","time":3,"event":"open","topic":"alerts"}');
  sockets[1]?.handlers.onClose();
  expect(timers.map((timer) => timer.ms)).toEqual([1000, 1000]);
});

test('closing stops the socket and any pending reconnect', async () => {
  const { env, sockets, timers } = fakeEnv([]);
  const connection = connectTopic({ topic: 'alerts', env, ...record() });
  await settle();
  sockets[0]?.handlers.onClose();
  connection.close();
  expect(timers[0]?.cancelled).toBe(true);

  const other = fakeEnv([]);
  const live = connectTopic({ topic: 'alerts', env: other.env, ...record() });
  await settle();
  live.close();
  expect(other.sockets[0]?.closed).toBe(true);
});

test('reconnect delays double from 1 s and stop at 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
