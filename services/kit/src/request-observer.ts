// Observes every request once it is answered: one access-log line and the HTTP metrics.

import { Elysia, StatusMap } from 'elysia';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { Logger } from './logger.ts';

export interface RequestObserverOptions {
  readonly logger: Logger;
  readonly registry: Registry;
  readonly now?: () => number;
}

export function requestObserver({ logger, registry, now = () => performance.now() }: RequestObserverOptions) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const started = new WeakMap<Request, number>();

  return new Elysia()
    .onRequest(function markStart({ request }) {
      started.set(request, now());
    })
    .onAfterResponse({ as: 'global' }, function observe({ request, set, path, route, responseValue }) {
      const status = statusOf(responseValue, set.status);
      const start = started.get(request);
      const seconds = start === undefined ? 0 : (now() - start) / 1000;
      // Unmatched paths share one label so scanners cannot blow up the series count.
      const pattern = route === '' || route === undefined ? 'unmatched' : route;
      requests.inc({ method: request.method, route: pattern, status });
      duration.observe({ method: request.method, route: pattern }, seconds);
      logger.info('request', {
        method: request.method,
        path,
        status,
        duration_ms: Math.round(seconds * 100_000) / 100,
      });
    });
}

function statusOf(response: unknown, status: number | keyof typeof StatusMap | undefined): number {
  if (response instanceof Response) return response.status;
  if (typeof status === 'number') return status;
  return status === undefined ? 200 : StatusMap[status];
}
