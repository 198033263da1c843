// The message cache survives a restart, and delayed messages are delivered after one.

import { expect, test } from 'bun:test';
import { tempDir, waitFor } from '@keel/kit/testing';
import { lineReader, startTestNotifier } from './support/test-notifier.ts';

test('cached messages are still there after a restart', async () => {
  await using dir = await tempDir('notifier-restart-');
  const first = await startTestNotifier({ durability: 'full' }, { dataDir: dir.path });
  await first.publish('kept', 'before the restart', { 'X-Title': 'T', 'X-Priority': '4', 'X-Tags': 'a' });
  await first[Symbol.asyncDispose]();
  await using second = await startTestNotifier({}, { dataDir: dir.path });
  const text = await (await fetch(`${second.url}/kept/json?poll=1`)).text();
  expect(JSON.parse(text)).toMatchObject({ message: 'before the restart', title: 'T', priority: 4, tags: ['a'] });
  expect(await (await fetch(`${second.url}/v1/stats`)).json()).toMatchObject({ messages: 1 });
});

// Whether delivery runs before or after the subscriber connects, the message reaches it exactly once.
test('a delayed message comes due while the notifier is down and is delivered once it is back', async () => {
  await using dir = await tempDir('notifier-delayed-');
  let offset = 0;
  const now = () => Date.now() + offset;
  const first = await startTestNotifier({}, { dataDir: dir.path, now });
  const scheduled = await first.publish('later', 'delayed message', { 'X-Delay': '10s' });
  await first[Symbol.asyncDispose]();

  offset = 11_000;
  await using second = await startTestNotifier({}, { dataDir: dir.path, now });
  const lines = lineReader(await fetch(`${second.url}/later/json?since=all`));
  await lines.next();
  const delivered = await waitFor(async () => {
    const line = await lines.next();
    return line !== '' && (JSON.parse(line) as Record<string, unknown>);
  });
  expect(delivered).toMatchObject({ id: scheduled.id, message: 'delayed message', time: scheduled.time });
  await lines.cancel();
});

test('expired messages are pruned and never returned', async () => {
  let offset = 0;
  await using n = await startTestNotifier({ cacheMs: 60_000 }, { now: () => Date.now() + offset });
  await n.publish('old', 'soon expired');
  offset = 61_000;
  expect(await (await fetch(`${n.url}/old/json?poll=1`)).text()).toBe('');
  expect(n.notifier.store.prune(Math.floor((Date.now() + offset) / 1000))).toBe(1);
});
