// A notifier message and its ntfy JSON form (field order as ntfy emits it).

export type EventName = 'open' | 'keepalive' | 'message';

/** A published (or scheduled) message as stored. Times are unix seconds, as in ntfy. */
export interface Message {
  /** 12 characters of [A-Za-z0-9]. */
  readonly id: string;
  /** Publication time; for a delayed message, its delivery time. */
  readonly time: number;
  /** `null` when published with `Cache: no`. */
  readonly expires: number | null;
  readonly topic: string;
  readonly message: string;
  readonly title: string | null;
  /** 1–5; `null` when not set (clients treat it as 3). */
  readonly priority: number | null;
  readonly tags: readonly string[];
  readonly click: string | null;
  readonly icon: string | null;
  /** `text/markdown` when published with `X-Markdown`; otherwise `null`. */
  readonly contentType: string | null;
}

/** The JSON of a `message` event, as the publish response and every subscription format carry it. */
export function messageJson(message: Message): Record<string, unknown> {
  const json: Record<string, unknown> = { id: message.id, time: message.time };
  if (message.expires !== null) json.expires = message.expires;
  json.event = 'message';
  json.topic = message.topic;
  if (message.title !== null) json.title = message.title;
  json.message = message.message;
  if (message.priority !== null) json.priority = message.priority;
  if (message.tags.length > 0) json.tags = message.tags;
  if (message.click !== null) json.click = message.click;
  if (message.icon !== null) json.icon = message.icon;
  if (message.contentType !== null) json.content_type = message.contentType;
  return json;
}

/** The JSON of an `open` or `keepalive` event; `topic` is the subscription's raw topic list. */
export function controlJson(event: 'open' | 'keepalive', id: string, time: number, topic: string) {
  return { id, time, event, topic };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 12 random characters of [A-Za-z0-9], as ntfy's ids (~71 bits). */
export function newMessageId(random: (bytes: number) => Uint8Array): string {
  let id = '';
  // 62 does not divide 256: draw until a byte falls below 248 (4 × 62) so every character is equally likely.
  while (id.length < 12) {
    for (const byte of random(16)) {
      if (byte < 248 && id.length < 12) id += ID_ALPHABET[byte % 62];
    }
  }
  return id;
}
