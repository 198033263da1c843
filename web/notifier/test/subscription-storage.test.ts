import { expect, test } from 'bun:test';
import type { KeyValueStorage } from '../src/lib/env.ts';
import { loadTopics, saveTopics } from '../src/lib/subscription-storage.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value) };
}

test('saved topics load back in order', () => {
  const storage = memoryStorage();
  saveTopics(storage, ['b', 'a']);
  expect(loadTopics(storage)).toEqual(['b', 'a']);
});

test('nothing stored means no topics', () => {
  expect(loadTopics(memoryStorage())).toEqual([]);
});

test.each([
  ['not json', []],
  ['{"a":1}', []],
  ['["ok", 3, "bad name", "static", "ok", "fine"]', ['ok', 'fine']],
])('stored %p loads as %p, dropping what is not a valid topic', (stored, topics) => {
  expect(loadTopics(memoryStorage({ 'keel.notifier.topics': stored }))).toEqual(topics);
});
