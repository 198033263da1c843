// The events a subscription delivers (anchor §2.4), checked field by field as they arrive.

export type Priority = 1 | 2 | 3 | 4 | 5;

export interface NotifierMessage {
  readonly id: string;
  /** Unix seconds. */
  readonly time: number;
  readonly topic: string;
  readonly title: string | null;
  readonly message: string;
  /** 3 when the publisher set none, as ntfy clients treat it. */
  readonly priority: Priority;
  readonly tags: readonly string[];
}

export type SubscriptionEvent =
  | { readonly event: 'open' }
  | { readonly event: 'keepalive' }
  | { readonly event: 'message'; readonly message: NotifierMessage };

const DEFAULT_PRIORITY: Priority = 3;

function isPriority(value: unknown): value is Priority {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A `message` event's JSON as a message, or `null` when it is not one we can show. */
export function parseMessage(value: unknown): NotifierMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const json = value as Record<string, unknown>;
  if (json.event !== 'message') return null;
  const { id, time, topic, message, title, priority, tags } = json;
  if (typeof id !== 'string' || typeof time !== 'number' || typeof topic !== 'string') return null;
  if (typeof message !== 'string') return null;
  return {
    id,
    time,
    topic,
    title: typeof title === 'string' && title !== '' ? title : null,
    message,
    priority: isPriority(priority) ? priority : DEFAULT_PRIORITY,
    tags: isStringArray(tags) ? tags : [],
  };
}

/** One event from its JSON text; `null` for malformed frames and events this client does not use. */
export function parseEvent(text: string): SubscriptionEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A frame that is not JSON carries nothing we could show; the stream goes on.
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const event = (json as Record<string, unknown>).event;
  if (event === 'open' || event === 'keepalive') return { event };
  const message = parseMessage(json);
  return message === null ? null : { event: 'message', message };
}

/** Newest first, each id once; among messages of the same second the later arrival comes first. */
export function mergeMessages(
  known: readonly NotifierMessage[],
  arrived: readonly NotifierMessage[],
): NotifierMessage[] {
  const seen = new Set(known.map((message) => message.id));
  const fresh: NotifierMessage[] = [];
  for (const message of arrived) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    fresh.unshift(message);
  }
  // Array.prototype.sort is stable, so ties keep the newest-arrival-first order built above.
  return [...fresh, ...known].sort((a, b) => b.time - a.time);
}
