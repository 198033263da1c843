// The Elysia app every service starts from: observation, CORS, errors, JSON bodies, /healthz and /metrics.

import { Elysia } from 'elysia';
import type { Registry } from 'prom-client';
import { type CorsConfig, cors } from './cors.ts';
import { errorHandler } from './error-handler.ts';
import { type HealthCheck, health } from './health.ts';
import { jsonBody } from './json-body.ts';
import type { Logger } from './logger.ts';
import { metricsRoute } from './metrics.ts';
import { requestObserver } from './request-observer.ts';

/** Large enough for any JSON API request of ours; services lower it per field where they need to. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface ServiceAppOptions {
  readonly service: string;
  readonly logger: Logger;
  readonly registry: Registry;
  readonly cors: CorsConfig | null;
  readonly bodyLimit?: number;
  readonly checks?: Readonly<Record<string, HealthCheck>>;
}

export function createServiceApp(options: ServiceAppOptions) {
  return new Elysia()
    .use(requestObserver({ logger: options.logger, registry: options.registry }))
    .use(cors(options.cors))
    .use(errorHandler({ logger: options.logger }))
    .use(jsonBody({ limit: options.bodyLimit ?? DEFAULT_BODY_LIMIT }))
    .use(health({ service: options.service, checks: options.checks }))
    .use(metricsRoute(options.registry));
}
