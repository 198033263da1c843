// GET /healthz: 200 while every check passes, 503 naming the failing check.

import { Elysia } from 'elysia';

/** A check throws (or rejects) when its dependency is unhealthy; its message becomes the reason. */
export type HealthCheck = () => unknown;

export interface HealthOptions {
  readonly service: string;
  readonly checks?: Readonly<Record<string, HealthCheck>>;
  readonly now?: () => number;
}

export function health({ service, checks = {}, now = Date.now }: HealthOptions) {
  const startedAt = now();
  return new Elysia().get('/healthz', async function healthz({ set }) {
    const results: Record<string, string> = {};
    let healthy = true;
    for (const [name, check] of Object.entries(checks)) {
      try {
        await check();
        results[name] = 'ok';
      } catch (error) {
        results[name] = error instanceof Error ? error.message : String(error);
        healthy = false;
      }
    }
    set.status = healthy ? 200 : 503;
    return {
      status: healthy ? 'ok' : 'unhealthy',
      service,
      uptime_s: Math.floor((now() - startedAt) / 1000),
      checks: results,
    };
  });
}
