// The Elysia app every service starts from: observation, CORS, errors, /healthz and /metrics.

import { Elysia } from 'elysia';
import type { Registry } from 'prom-client';
import { type CorsConfig, cors } from './cors.ts';
import { type ErrorMapper, errorHandler } from './error-handler.ts';
import { type HealthCheck, health } from './health.ts';
import type { Logger } from './logger.ts';
import { metricsRoute } from './metrics.ts';
import { requestObserver } from './request-observer.ts';

export interface ServiceAppOptions {
  readonly service: string;
  readonly logger: Logger;
  readonly registry: Registry;
  readonly cors: CorsConfig | null;
  readonly checks?: Readonly<Record<string, HealthCheck>>;
  /** Defaults to the kit's `{ code, message }` body; the notifier answers in ntfy's error shape. */
  readonly mapError?: ErrorMapper;
}

export function createServiceApp(options: ServiceAppOptions) {
  return new Elysia()
    .use(requestObserver({ logger: options.logger, registry: options.registry }))
    .use(cors(options.cors))
    .use(errorHandler({ logger: options.logger, mapError: options.mapError }))
    .use(health({ service: options.service, checks: options.checks }))
    .use(metricsRoute(options.registry));
}
