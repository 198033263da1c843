// The Prometheus registry of one service and its GET /metrics route.

import { Elysia } from 'elysia';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** One registry per app, so several apps (tests, benchmarks) live in one process without clashing. */
export function createRegistry({ service, processMetrics }: { service: string; processMetrics: boolean }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

export function metricsRoute(registry: Registry) {
  return new Elysia().get('/metrics', async function metrics({ set }) {
    set.headers['content-type'] = registry.contentType;
    return registry.metrics();
  });
}
