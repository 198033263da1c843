import { describe, expect, test } from 'bun:test';
import type { CorsConfig } from '../src/cors.ts';
import { NotFoundError } from '../src/errors.ts';
import type { HealthCheck } from '../src/health.ts';
import { createLogger } from '../src/logger.ts';
import { createRegistry } from '../src/metrics.ts';
import { createServiceApp } from '../src/service-app.ts';
import { waitFor } from '../src/testing/index.ts';

const ORIGIN = 'https://app.example.com';

const CORS: CorsConfig = {
  allowOrigins: [ORIGIN],
  allowMethods: 'GET,POST,DELETE,OPTIONS',
  allowHeaders: 'Content-Type,X-API-Key',
  maxAgeSeconds: 600,
};

function serviceApp({
  checks = {},
  cors = CORS,
}: {
  checks?: Record<string, HealthCheck>;
  cors?: CorsConfig | null;
} = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line)) });
  const registry = createRegistry({ service: 'widgets', processMetrics: false });
  const app = createServiceApp({ service: 'widgets', logger, registry, cors, checks })
    .get('/widgets/:id', ({ params }) => {
      if (params.id !== 'w1') throw new NotFoundError({ message: `no widget ${params.id}` });
      return { id: params.id };
    })
    .get('/crash', () => {
      throw new Error('database is locked');
    });
  const call = async (path: string, init?: RequestInit) => {
    const response = await app.handle(new Request(`http://localhost${path}`, init));
    return {
      status: response.status,
      allowOrigin: response.headers.get('access-control-allow-origin'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  return { app, lines, call };
}

describe('createServiceApp', () => {
  test('serves /healthz with the service name and its checks', async () => {
    const { call } = serviceApp({ checks: { database: () => 1 } });
    expect((await call('/healthz')).body).toEqual({
      status: 'ok',
      service: 'widgets',
      uptime_s: expect.any(Number),
      checks: { database: 'ok' },
    });
  });

  test('answers /healthz 503 naming the failing check', async () => {
    const { call } = serviceApp({
      checks: {
        database: () => {
          throw new Error('disk I/O error');
        },
      },
    });
    const response = await call('/healthz');
    expect({ status: response.status, checks: response.body.checks }).toEqual({
      status: 503,
      checks: { database: 'disk I/O error' },
    });
  });

  test('maps errors thrown by the routes of the service to JSON, with the CORS header for the browser', async () => {
    const { call } = serviceApp();
    const headers = { origin: ORIGIN };
    expect([
      await call('/widgets/w1', { headers }),
      await call('/widgets/w2', { headers }),
      await call('/no/such/route', { headers }),
      await call('/crash', { headers }),
    ]).toEqual([
      { status: 200, allowOrigin: ORIGIN, body: { id: 'w1' } },
      { status: 404, allowOrigin: ORIGIN, body: { code: 'not_found', message: 'no widget w2' } },
      { status: 404, allowOrigin: ORIGIN, body: { code: 'not_found', message: 'no such route' } },
      { status: 500, allowOrigin: ORIGIN, body: { code: 'internal', message: 'internal error' } },
    ]);
  });

  test('logs an unexpected error at error level and every request in the access log', async () => {
    const { call, lines } = serviceApp();
    await call('/crash');
    await waitFor(() => lines.some((line) => line.msg === 'request'), { what: 'the access-log line' });
    expect(lines.map((line) => [line.level, line.msg, line.status ?? null])).toEqual([
      ['error', 'request failed', null],
      ['info', 'request', 500],
    ]);
  });

  test('answers a CORS preflight for any path, and logs it like every request', async () => {
    const { app, lines } = serviceApp();
    const response = await app.handle(
      new Request('http://localhost/widgets/w1', {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'DELETE' },
      }),
    );
    expect([response.status, response.headers.get('access-control-allow-methods')]).toEqual([
      204,
      'GET,POST,DELETE,OPTIONS',
    ]);
    const line = await waitFor(() => lines.find((l) => l.msg === 'request'), { what: 'the access-log line' });
    expect(line).toMatchObject({ method: 'OPTIONS', path: '/widgets/w1', status: 204 });
  });

  test('without CORS config no response carries CORS headers', async () => {
    const { call } = serviceApp({ cors: null });
    expect((await call('/widgets/w1', { headers: { origin: ORIGIN } })).allowOrigin).toBeNull();
  });

  test('serves /metrics counting the requests it answered', async () => {
    const { app, call, lines } = serviceApp();
    await call('/widgets/w1');
    await waitFor(() => lines.some((line) => line.msg === 'request'), { what: 'the access-log line' });
    const response = await app.handle(new Request('http://localhost/metrics'));
    expect(await response.text()).toContain(
      'http_requests_total{method="GET",route="/widgets/:id",status="200",service="widgets"} 1',
    );
  });

  test('two service apps live side by side in one process', async () => {
    const first = serviceApp();
    const second = serviceApp();
    expect([(await first.call('/widgets/w1')).status, (await second.call('/widgets/w1')).status]).toEqual([200, 200]);
  });
});
