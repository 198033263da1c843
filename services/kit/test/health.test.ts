import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { type HealthCheck, health } from '../src/health.ts';

/** A clock the test moves by hand. */
function manualClock(startMs: number) {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

async function getHealth(app: { handle(request: Request): Promise<Response> }) {
  const response = await app.handle(new Request('http://localhost/healthz'));
  return { status: response.status, body: await response.json() };
}

function appWith(checks: Record<string, HealthCheck>, clock = manualClock(0)) {
  return new Elysia().use(health({ service: 'scheduler', checks, now: clock.now }));
}

describe('GET /healthz', () => {
  test('is 200 with every check ok and the uptime in whole seconds', async () => {
    const clock = manualClock(1_000_000);
    const app = appWith({ database: () => 1, queue: async () => undefined }, clock);
    clock.advance(61_999);
    expect(await getHealth(app)).toEqual({
      status: 200,
      body: { status: 'ok', service: 'scheduler', uptime_s: 61, checks: { database: 'ok', queue: 'ok' } },
    });
  });

  test('is 200 with no checks at all', async () => {
    expect(await getHealth(appWith({}))).toEqual({
      status: 200,
      body: { status: 'ok', service: 'scheduler', uptime_s: 0, checks: {} },
    });
  });

  test('is 503 naming the message of a check that throws, while the others still run', async () => {
    const app = appWith({
      database: () => {
        throw new Error('disk I/O error');
      },
      queue: () => 'fine',
    });
    expect(await getHealth(app)).toEqual({
      status: 503,
      body: {
        status: 'unhealthy',
        service: 'scheduler',
        uptime_s: 0,
        checks: { database: 'disk I/O error', queue: 'ok' },
      },
    });
  });

  test('is 503 for a check that rejects, and for one that throws a non-Error', async () => {
    const app = appWith({
      upstream: () => Promise.reject(new Error('connection refused')),
      odd: () => {
        throw 'gone';
      },
    });
    expect(await getHealth(app)).toEqual({
      status: 503,
      body: {
        status: 'unhealthy',
        service: 'scheduler',
        uptime_s: 0,
        checks: { upstream: 'connection refused', odd: 'gone' },
      },
    });
  });

  test('runs the checks again on every request', async () => {
    let healthy = false;
    const app = appWith({
      flaky: () => {
        if (!healthy) throw new Error('not yet');
      },
    });
    const before = await getHealth(app);
    healthy = true;
    const after = await getHealth(app);
    expect([before.status, after.status]).toEqual([503, 200]);
  });
});
