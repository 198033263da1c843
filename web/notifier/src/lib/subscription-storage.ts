// The subscribed topics, kept in localStorage so they survive reloads.

import type { KeyValueStorage } from './env.ts';
import { topicProblem } from './topic.ts';

const STORAGE_KEY = 'keel.notifier.topics';

/** The stored topics; anything unreadable or no longer valid is dropped rather than breaking the page. */
export function loadTopics(storage: KeyValueStorage): string[] {
  const text = storage.getItem(STORAGE_KEY);
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn('notifier: stored topics are not JSON; starting with none', error);
    return [];
  }
  if (!Array.isArray(value)) return [];
  return [
    ...new Set(value.filter((topic): topic is string => typeof topic === 'string' && topicProblem(topic) === null)),
  ];
}

export function saveTopics(storage: KeyValueStorage, topics: readonly string[]): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(topics));
}
