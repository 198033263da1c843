import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { Counter } from 'prom-client';
import { createRegistry, metricsRoute } from '../src/metrics.ts';

describe('createRegistry', () => {
  test('labels every series with the service name', async () => {
    const registry = createRegistry({ service: 'scheduler', processMetrics: false });
    new Counter({ name: 'jobs_total', help: 'jobs', registers: [registry] }).inc(3);
    expect(await registry.getSingleMetricAsString('jobs_total')).toBe(
      ['# HELP jobs_total jobs', '# TYPE jobs_total counter', 'jobs_total{service="scheduler"} 3'].join('\n'),
    );
  });

  test('collects process metrics only when asked', async () => {
    const bare = createRegistry({ service: 'a', processMetrics: false });
    const full = createRegistry({ service: 'b', processMetrics: true });
    expect(bare.getMetricsAsArray()).toEqual([]);
    expect(await full.metrics()).toContain('process_cpu_user_seconds_total{service="b"}');
  });

  test('gives each app its own registry, so the same metric name can be registered twice in one process', () => {
    const first = createRegistry({ service: 'one', processMetrics: false });
    const second = createRegistry({ service: 'two', processMetrics: false });
    new Counter({ name: 'same_total', help: 'same', registers: [first] });
    expect(() => new Counter({ name: 'same_total', help: 'same', registers: [second] })).not.toThrow();
  });
});

describe('GET /metrics', () => {
  test('answers the registry in the Prometheus text format', async () => {
    const registry = createRegistry({ service: 'scheduler', processMetrics: false });
    new Counter({ name: 'jobs_total', help: 'jobs', registers: [registry] }).inc();
    const app = new Elysia().use(metricsRoute(registry));
    const response = await app.handle(new Request('http://localhost/metrics'));
    expect({
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    }).toEqual({
      status: 200,
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
      body: '# HELP jobs_total jobs\n# TYPE jobs_total counter\njobs_total{service="scheduler"} 1\n',
    });
  });
});
