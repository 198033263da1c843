// Reads a subscription's topics and parameters (poll, since, scheduled, filters), checked as ntfy checks them.

import { errors } from './errors.ts';
import { type Filters, matchesFilters, parseFilters } from './filters.ts';
import type { Message } from './message.ts';
import type { MessageStore } from './message-store.ts';
import { type ParamSource, readBool, readParam } from './params.ts';
import { parseSince } from './since.ts';
import { parseTopicList, RESERVED_TOPICS } from './topic.ts';

export interface SubscriptionRequest {
  readonly topics: readonly string[];
  readonly rawTopics: string;
  readonly poll: boolean;
  readonly filters: Filters;
  /** Cached messages to send first, filtered, oldest first. */
  readonly cached: readonly Message[];
}

/** Throws 40401 for a path that is not a topic list, 40009 for a reserved topic, 40008/40007 for bad params. */
export function readSubscription(
  rawTopics: string,
  source: ParamSource,
  store: MessageStore,
  nowSeconds: number,
): SubscriptionRequest {
  const topics = parseTopicList(rawTopics);
  if (topics === null) throw errors.notFound();
  if (topics.some((topic) => RESERVED_TOPICS.has(topic))) throw errors.topicInvalid();
  const poll = readBool(source, false, 'x-poll', 'poll', 'po');
  const since = parseSince(
    readParam(source, 'x-since', 'since', 'si'),
    nowSeconds,
    poll ? { kind: 'all' } : { kind: 'none' },
  );
  const scheduled = readBool(source, false, 'x-scheduled', 'scheduled', 'sched');
  const filters = parseFilters(source);
  const cached = store
    .cached({ topics, since, scheduled, nowSeconds })
    .filter((message) => matchesFilters(message, filters));
  return { topics, rawTopics, poll, filters, cached };
}
