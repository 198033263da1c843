// Live subscriptions over real HTTP streams and WebSockets.

import { describe, expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { lineReader, startTestNotifier } from './support/test-notifier.ts';

describe('HTTP streams', () => {
  test('json: open, then cached per since, then live messages', async () => {
    await using n = await startTestNotifier();
    await n.publish('alerts', 'cached one');
    const response = await fetch(`${n.url}/alerts/json?since=all`);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = lineReader(response);
    expect(JSON.parse(await lines.next())).toMatchObject({ event: 'open', topic: 'alerts' });
    expect(JSON.parse(await lines.next())).toMatchObject({ event: 'message', message: 'cached one' });
    await n.publish('alerts', 'live one', { 'X-Title': 'Now' });
    expect(JSON.parse(await lines.next())).toMatchObject({ event: 'message', message: 'live one', title: 'Now' });
    await lines.cancel();
  });

  test('sse: named open event, then data-only message events', async () => {
    await using n = await startTestNotifier();
    const response = await fetch(`${n.url}/a,b/sse`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = lineReader(response);
    expect(await events.nextEvent()).toMatch(/^event: open\ndata: \{.*"event":"open","topic":"a,b"\}$/);
    await n.publish('b', 'to b');
    expect(await events.nextEvent()).toMatch(/^data: \{.*"topic":"b","message":"to b"\}$/);
    await events.cancel();
  });

  test('raw: an empty line for open, the message text on one line', async () => {
    await using n = await startTestNotifier();
    const lines = lineReader(await fetch(`${n.url}/r/raw`));
    expect(await lines.next()).toBe('');
    await n.publish('r', 'two\nlines');
    expect(await lines.next()).toBe('two lines');
    await lines.cancel();
  });

  test('keepalive events arrive at the configured interval', async () => {
    await using n = await startTestNotifier({ keepaliveMs: 50 });
    const lines = lineReader(await fetch(`${n.url}/k/json`));
    await lines.next();
    expect(JSON.parse(await lines.next())).toMatchObject({ event: 'keepalive', topic: 'k' });
    await lines.cancel();
  });

  test('filters apply to live messages too', async () => {
    await using n = await startTestNotifier();
    const lines = lineReader(await fetch(`${n.url}/f/json?priority=high,max&tags=db`));
    await lines.next();
    await n.publish('f', 'low, ignored', { 'X-Priority': '2', 'X-Tags': 'db' });
    await n.publish('f', 'no tag, ignored', { 'X-Priority': '5' });
    await n.publish('f', 'wanted', { 'X-Priority': '5', 'X-Tags': 'db,prod' });
    expect(JSON.parse(await lines.next())).toMatchObject({ message: 'wanted' });
    await lines.cancel();
  });

  test('a closed subscription is forgotten', async () => {
    await using n = await startTestNotifier();
    const lines = lineReader(await fetch(`${n.url}/gone/json`));
    await lines.next();
    expect(n.notifier.hub.subscribers).toBe(1);
    await lines.cancel();
    await waitFor(() => n.notifier.hub.subscribers === 0, { what: 'the subscriber to be removed' });
  });

  test('a subscriber that never reads neither blocks publishers nor other subscribers', async () => {
    await using n = await startTestNotifier();
    // Never read: its socket buffers fill, then its queue, then it is cut off.
    const stalled = await fetch(`${n.url}/busy/json`);
    const reader = lineReader(await fetch(`${n.url}/busy/json`));
    await reader.next();
    const big = 'x'.repeat(4000);
    const total = 3000;
    const received = (async () => {
      const messages: string[] = [];
      while (messages.length < total) messages.push(String(JSON.parse(await reader.next()).message));
      return messages;
    })();
    for (let i = 0; i < total; i++) await n.publish('busy', `${i} ${big}`);
    const messages = await received;
    expect(messages.map((message) => Number(message.split(' ')[0]))).toEqual([...Array(total).keys()]);
    // The stalled one was cut off rather than buffered without end.
    await waitFor(() => n.notifier.hub.subscribers === 1, { what: 'the stalled subscriber to be dropped' });
    await reader.cancel();
    await stalled.body?.cancel();
  });
});

describe('WebSocket', () => {
  test('open, cached messages per since, live messages as JSON text frames', async () => {
    await using n = await startTestNotifier();
    const first = await n.publish('ws1', 'before');
    await n.publish('ws1', 'after the marker');
    const frames: Record<string, unknown>[] = [];
    const socket = new WebSocket(`${n.url.replace('http', 'ws')}/ws1,ws2/ws?since=${first.id}`);
    socket.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as Record<string, unknown>);
    await waitFor(() => frames.length >= 2, { what: 'open and the cached message' });
    await n.publish('ws2', 'live');
    await waitFor(() => frames.length >= 3, { what: 'the live message' });
    expect(frames).toMatchObject([
      { event: 'open', topic: 'ws1,ws2' },
      { event: 'message', topic: 'ws1', message: 'after the marker' },
      { event: 'message', topic: 'ws2', message: 'live' },
    ]);
    socket.close();
    await waitFor(() => n.notifier.hub.subscribers === 0, { what: 'the socket to be forgotten' });
  });

  test('a bad parameter refuses the upgrade', async () => {
    await using n = await startTestNotifier();
    const socket = new WebSocket(`${n.url.replace('http', 'ws')}/ws1/ws?since=yesterday`);
    const closed = Promise.withResolvers<number>();
    let opened = false;
    socket.onopen = () => {
      opened = true;
    };
    socket.onclose = (event) => closed.resolve(event.code);
    // The server answered 400 instead of 101: the client reports an abnormal closure and never opens.
    expect(await closed.promise).toBe(1006);
    expect(opened).toBe(false);
    expect(n.notifier.hub.subscribers).toBe(0);
  });
});
