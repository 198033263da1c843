// ntfy's operational endpoints: /v1/health and /v1/stats.

import { Elysia } from 'elysia';
import type { NotifierContext } from '../notifier-context.ts';

export function v1Routes(context: NotifierContext) {
  return new Elysia()
    .get('/v1/health', () => {
      context.store.ping();
      return { healthy: true };
    })
    .get('/v1/stats', () => ({
      messages: context.store.publishedCount(),
      messages_rate: Math.round(context.rate.perSecond() * 100) / 100,
    }));
}
