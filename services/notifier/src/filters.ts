// Subscription filters on id, message, title, priority (any of) and tags (all of).

import type { Message } from './message.ts';
import { type ParamSource, readParam } from './params.ts';
import { parsePriority } from './priority.ts';

export interface Filters {
  readonly id: string | null;
  readonly message: string | null;
  readonly title: string | null;
  /** Any of these; a message without priority counts as 3. Empty: no filter. */
  readonly priorities: readonly number[];
  /** All of these. */
  readonly tags: readonly string[];
}

export const NO_FILTERS: Filters = { id: null, message: null, title: null, priorities: [], tags: [] };

/** Throws 40007 for an invalid priority in the list. */
export function parseFilters(source: ParamSource): Filters {
  const text = (value: string) => (value === '' ? null : value);
  const list = (value: string) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return {
    id: text(readParam(source, 'x-id', 'id')),
    message: text(readParam(source, 'x-message', 'message', 'm')),
    title: text(readParam(source, 'x-title', 'title', 't')),
    priorities: list(readParam(source, 'x-priority', 'priority', 'prio', 'p')).map((item) => parsePriority(item) ?? 3),
    tags: list(readParam(source, 'x-tags', 'tags', 'tag', 'ta')),
  };
}

export function matchesFilters(message: Message, filters: Filters): boolean {
  if (filters.id !== null && message.id !== filters.id) return false;
  if (filters.message !== null && message.message !== filters.message) return false;
  if (filters.title !== null && message.title !== filters.title) return false;
  if (filters.priorities.length > 0 && !filters.priorities.includes(message.priority ?? 3)) return false;
  return filters.tags.every((tag) => message.tags.includes(tag));
}
