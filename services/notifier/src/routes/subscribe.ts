// Subscribing: GET /<topics>/json|sse|raw (streams or polls), /<topics>/ws, /<topics>/auth.

import { type Context, Elysia } from 'elysia';
import { errors } from '../errors.ts';
import { httpSubscription } from '../http-subscription.ts';
import { type NotifierContext, nowSeconds, requestAddress } from '../notifier-context.ts';
import { paramSource } from '../params.ts';
import type { StreamFormat } from '../stream-format.ts';
import { readSubscription } from '../subscription-request.ts';
import { parseTopicList } from '../topic.ts';
import { wsSubscriptions } from '../ws-subscription.ts';

export function subscribeRoutes(context: NotifierContext) {
  const stream =
    (format: StreamFormat) =>
    ({ params, request, server }: Pick<Context, 'request' | 'server'> & { params: { topic: string } }) => {
      const address = requestAddress(context, request, server);
      context.visitors.takeRequest(address);
      const subscription = readSubscription(params.topic, paramSource(request), context.store, nowSeconds(context));
      const release = context.visitors.openSubscription(address);
      return httpSubscription({
        ...subscription,
        hub: context.hub,
        format,
        newId: context.newId,
        nowSeconds: () => nowSeconds(context),
        onEnd: release,
      });
    };

  return new Elysia()
    .onRequest(function requireWebSocket({ request }) {
      // A plain GET of /<topics>/ws is answered as ntfy answers it, not as an unknown route.
      const path = new URL(request.url).pathname;
      if (path.endsWith('/ws') && request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
        if (parseTopicList(path.slice(1, -3)) !== null) throw errors.notWebSocket();
      }
    })
    .get('/:topic/json', stream('json'))
    .get('/:topic/sse', stream('sse'))
    .get('/:topic/raw', stream('raw'))
    .get('/:topic/auth', ({ params }) => {
      if (parseTopicList(params.topic) === null) throw errors.notFound();
      return { success: true };
    })
    .use(wsSubscriptions(context));
}
