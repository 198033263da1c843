// Subscriptions over WebSocket: one JSON text frame per event; keepalive as protocol pings, as in ntfy.

import type { ServerWebSocket } from 'bun';
import { Elysia } from 'elysia';
import { controlJson, messageJson } from './message.ts';
import { type NotifierContext, nowSeconds, requestAddress } from './notifier-context.ts';
import { paramSource } from './params.ts';
import { readSubscription, type SubscriptionRequest } from './subscription-request.ts';
import type { Subscriber } from './topic-hub.ts';

/** Bytes a WebSocket subscriber may fall behind by before it is cut off. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** ntfy closes the socket on any client frame larger than this: clients only ever send pongs. */
const MAX_CLIENT_FRAME_BYTES = 64;

interface Pending {
  readonly subscription: SubscriptionRequest;
  readonly address: string;
}

export function wsSubscriptions(context: NotifierContext) {
  // Checked before the upgrade, so a refusal is an HTTP error; counted only once the socket is open, so an
  // upgrade that never completes leaves nothing behind.
  const pending = new WeakMap<Request, Pending>();
  const live = new Map<string, { subscriber: Subscriber; release: () => void }>();

  return new Elysia().ws('/:topic/ws', {
    beforeHandle({ params, request, server }) {
      const address = requestAddress(context, request, server);
      context.visitors.takeRequest(address);
      const subscription = readSubscription(params.topic, paramSource(request), context.store, nowSeconds(context));
      context.visitors.checkSubscription(address);
      pending.set(request, { subscription, address });
    },
    open(ws) {
      const entry = pending.get(ws.data.request);
      if (entry === undefined) {
        ws.close(1011, 'subscription lost');
        return;
      }
      const { subscription, address } = entry;
      let release: () => void;
      try {
        release = context.visitors.openSubscription(address);
      } catch {
        // Another subscription of this visitor opened since the check: the limit holds.
        ws.close(1008, 'limit reached: too many active subscriptions');
        return;
      }
      const raw = ws.raw as unknown as ServerWebSocket<unknown>;
      const send = (text: string) => {
        if (raw.getBufferedAmount() > MAX_BUFFERED_BYTES) {
          ws.close(1008, 'subscriber too slow');
          return;
        }
        raw.send(text);
      };
      send(JSON.stringify(controlJson('open', context.newId(), nowSeconds(context), subscription.rawTopics)));
      for (const message of subscription.cached) send(JSON.stringify(messageJson(message)));
      const subscriber: Subscriber = {
        topics: subscription.topics,
        filters: subscription.filters,
        deliver: (message) => send(message.json),
        keepalive: () => raw.ping(),
        close: () => ws.close(1001, 'server stopping'),
      };
      live.set(ws.id, { subscriber, release });
      context.hub.add(subscriber);
    },
    message(ws, message) {
      const size = typeof message === 'string' ? Buffer.byteLength(message) : JSON.stringify(message).length;
      if (size > MAX_CLIENT_FRAME_BYTES) ws.close(1009, 'frame too large');
    },
    close(ws) {
      const entry = live.get(ws.id);
      if (entry === undefined) return;
      live.delete(ws.id);
      context.hub.remove(entry.subscriber);
      entry.release();
    },
  });
}
