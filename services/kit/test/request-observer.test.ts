import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import type { Histogram } from 'prom-client';
import { errorHandler } from '../src/error-handler.ts';
import { UnauthorizedError } from '../src/errors.ts';
import { createLogger } from '../src/logger.ts';
import { createRegistry, metricsRoute } from '../src/metrics.ts';
import { requestObserver } from '../src/request-observer.ts';
import { waitFor } from '../src/testing/index.ts';

/** A clock that moves `stepMs` every time it is read: each request takes exactly one step. */
function steppingClock(stepMs: number) {
  let nowMs = 0;
  return () => {
    nowMs += stepMs;
    return nowMs;
  };
}

function observedApp() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line)), now: () => 0 });
  const registry = createRegistry({ service: 'test', processMetrics: false });
  const app = new Elysia()
    .use(requestObserver({ logger, registry, now: steppingClock(12.5) }))
    .use(errorHandler({ logger: createLogger({ level: 'silent' }) }))
    .use(metricsRoute(registry))
    .get('/items/:id', ({ params }) => ({ id: params.id }))
    .post('/items', ({ set }) => {
      set.status = 201;
      return 'created';
    })
    .get('/raw', () => new Response('teapot', { status: 418 }))
    .get('/secret', () => {
      throw new UnauthorizedError({ message: 'no' });
    })
    .get('/boom', () => {
      throw new Error('kaboom');
    });

  /** Sends the request and waits until its access-log line is written, which happens after the answer. */
  async function send(path: string, init?: RequestInit): Promise<Response> {
    const before = lines.length;
    const response = await app.handle(new Request(`http://localhost${path}`, init));
    await response.arrayBuffer();
    await waitFor(() => lines.length > before, { what: `the access-log line of ${path}` });
    return response;
  }

  async function requestCounts() {
    const metric = await registry.getSingleMetric('http_requests_total')?.get();
    return metric?.values.map(({ labels, value }): Record<string, unknown> => ({ ...labels, value }));
  }

  return { app, lines, registry, send, requestCounts };
}

describe('requestObserver', () => {
  test('writes one access-log line per request with method, path, status and duration', async () => {
    const { lines, send } = observedApp();
    await send('/items/7?verbose=1');
    expect(lines).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        msg: 'request',
        method: 'GET',
        path: '/items/7',
        status: 200,
        duration_ms: 12.5,
      },
    ]);
  });

  test('counts requests by method, route pattern and status, errors included', async () => {
    const { send, requestCounts } = observedApp();
    await send('/items/1');
    await send('/items/2');
    await send('/items', { method: 'POST' });
    await send('/raw');
    await send('/secret');
    await send('/boom');
    expect(await requestCounts()).toEqual([
      { method: 'GET', route: '/items/:id', status: 200, value: 2 },
      { method: 'POST', route: '/items', status: 201, value: 1 },
      { method: 'GET', route: '/raw', status: 418, value: 1 },
      { method: 'GET', route: '/secret', status: 401, value: 1 },
      { method: 'GET', route: '/boom', status: 500, value: 1 },
    ]);
  });

  test('labels every unmatched path `unmatched`, so scanners cannot create new series', async () => {
    const { send, requestCounts } = observedApp();
    await send('/wp-admin');
    await send('/.env');
    expect(await requestCounts()).toEqual([{ method: 'GET', route: 'unmatched', status: 404, value: 2 }]);
  });

  test('GET /metrics shows the request counter with the route pattern label', async () => {
    const { app, send } = observedApp();
    await send('/items/42');
    await send('/nope');
    const text = await (await app.handle(new Request('http://localhost/metrics'))).text();
    expect(text).toContain('http_requests_total{method="GET",route="/items/:id",status="200",service="test"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404",service="test"} 1');
    expect(text).not.toContain('/items/42');
  });

  test('records the duration of each request in the histogram', async () => {
    const { registry, send } = observedApp();
    await send('/items/1');
    const histogram = await (registry.getSingleMetric('http_request_duration_seconds') as Histogram | undefined)?.get();
    const summary = histogram?.values
      .filter(({ metricName }) => metricName !== 'http_request_duration_seconds_bucket')
      .map(({ metricName, labels, value }) => ({ metricName, labels, value }));
    expect(summary).toEqual([
      {
        metricName: 'http_request_duration_seconds_sum',
        labels: { method: 'GET', route: '/items/:id' },
        value: 0.0125,
      },
      {
        metricName: 'http_request_duration_seconds_count',
        labels: { method: 'GET', route: '/items/:id' },
        value: 1,
      },
    ]);
  });
});
