// The notifier's HTTP app, built from its parts; it never listens and never reads the environment.

import { createServiceApp, type Logger } from '@keel/kit';
import type { Registry } from 'prom-client';
import { toNtfyError } from './errors.ts';
import type { NotifierContext } from './notifier-context.ts';
import { ntfyCors } from './ntfy-cors.ts';
import { publishRoutes } from './routes/publish.ts';
import { subscribeRoutes } from './routes/subscribe.ts';
import { v1Routes } from './routes/v1.ts';
import { webRoutes } from './routes/web.ts';

export function createApp(context: NotifierContext, { logger, registry }: { logger: Logger; registry: Registry }) {
  return createServiceApp({
    service: 'notifier',
    logger,
    registry,
    cors: null,
    checks: { database: () => context.store.ping() },
    mapError: toNtfyError,
  })
    .use(ntfyCors())
    .use(v1Routes(context))
    .use(subscribeRoutes(context))
    .use(publishRoutes(context))
    .use(webRoutes(context));
}
