// A subscription over HTTP (json, sse, raw): a poll answered at once, or a stream that stays open.

import type { Filters } from './filters.ts';
import { controlJson, type Message } from './message.ts';
import { CONTENT_TYPES, EncodedMessage, encodeFrame, frameEvent, type StreamFormat } from './stream-format.ts';
import type { Subscriber, TopicHub } from './topic-hub.ts';

/** Events a subscriber may fall behind by before it is cut off, so it cannot hold the server's memory. */
export const MAX_QUEUED_EVENTS = 1_000;

export interface HttpSubscriptionOptions {
  readonly hub: TopicHub;
  readonly topics: readonly string[];
  /** The path's topic list as given (`a,b`): what `open` and `keepalive` events name. */
  readonly rawTopics: string;
  readonly filters: Filters;
  readonly format: StreamFormat;
  /** Cached messages to send first, already filtered, oldest first. */
  readonly cached: readonly Message[];
  readonly poll: boolean;
  readonly newId: () => string;
  readonly nowSeconds: () => number;
  /** Called once when the subscription ends, however it ends. */
  readonly onEnd: () => void;
}

export function httpSubscription(options: HttpSubscriptionOptions): Response {
  const headers = { 'content-type': CONTENT_TYPES[options.format], 'cache-control': 'no-cache' };
  const catchUp = options.cached.map((message) => new EncodedMessage(message).frame(options.format));
  if (options.poll) {
    options.onEnd();
    return new Response(new Blob(catchUp), { headers });
  }
  const control = (event: 'open' | 'keepalive', id: string, time: number) => {
    const json = controlJson(event, id, time, options.rawTopics);
    return encodeFrame(frameEvent(options.format, json, JSON.stringify(json)));
  };

  let ended = false;
  let subscriber: Subscriber | null = null;
  const end = () => {
    if (ended) return;
    ended = true;
    if (subscriber !== null) options.hub.remove(subscriber);
    options.onEnd();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const push = (bytes: Uint8Array) => {
          if (ended) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) {
            end();
            controller.error(new Error('subscriber too slow: cut off'));
            return;
          }
          controller.enqueue(bytes);
        };
        push(control('open', options.newId(), options.nowSeconds()));
        for (const frame of catchUp) push(frame);
        subscriber = {
          topics: options.topics,
          filters: options.filters,
          deliver: (message) => push(message.frame(options.format)),
          keepalive: (id, time) => push(control('keepalive', id, time)),
          close: () => {
            end();
            controller.close();
          },
        };
        // Registered in the same turn as the cache was read: a message is either in `cached` or delivered
        // live, never both and never neither (stores commit before they fan out; see routes/publish.ts).
        options.hub.add(subscriber);
      },
      cancel: end,
    },
    { highWaterMark: 1 },
  );
  return new Response(stream, { headers });
}
