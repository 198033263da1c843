// The scheduler's HTTP app, built from its parts; it never listens and never reads the environment.

import { type CorsConfig, createServiceApp, type Logger } from '@keel/kit';
import type { Registry } from 'prom-client';
import type { Dispatcher } from './dispatcher.ts';
import { taskRoutes } from './routes/tasks.ts';
import type { TargetPolicy } from './target-policy.ts';
import type { TaskStore } from './task-store.ts';

export interface AppDependencies {
  readonly store: TaskStore;
  readonly dispatcher: Dispatcher;
  readonly apiKey: string;
  readonly cors: CorsConfig | null;
  readonly allowedTargets: TargetPolicy | null;
  readonly logger: Logger;
  readonly registry: Registry;
}

export function createApp(deps: AppDependencies) {
  return createServiceApp({
    service: 'scheduler',
    logger: deps.logger,
    registry: deps.registry,
    cors: deps.cors,
    checks: { database: () => deps.store.ping() },
  }).use(taskRoutes(deps));
}
