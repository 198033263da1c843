// The web app server's HTTP app, built from its parts; it never listens and never reads the environment.

import { createServiceApp, type Logger } from '@keel/kit';
import type { Registry } from 'prom-client';
import type { Checker } from './checker.ts';
import type { ChainConfig } from './config.ts';
import type { Cron } from './cron.ts';
import { taskRoutes } from './routes/tasks.ts';
import { watchRoutes } from './routes/watches.ts';
import { webRoutes } from './routes/web.ts';
import type { WatchStore } from './watch-store.ts';

export interface AppDependencies {
  readonly store: WatchStore;
  readonly checker: Checker;
  readonly cron: Cron;
  readonly chains: Readonly<Record<string, ChainConfig>>;
  readonly taskKey: string;
  readonly webRoot: string;
  readonly configScript: string;
  readonly logger: Logger;
  readonly registry: Registry;
}

export function createApp(deps: AppDependencies) {
  return (
    createServiceApp({
      service: 'webapp',
      logger: deps.logger,
      registry: deps.registry,
      // Same origin as the page (the gateway serves both): no CORS.
      cors: null,
      checks: { database: () => deps.store.ping() },
    })
      .use(watchRoutes(deps))
      .use(taskRoutes(deps))
      // Last: its catch-all serves built files for whatever path the API did not claim.
      .use(webRoutes(deps))
  );
}
