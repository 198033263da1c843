import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { ConfigError, loadConfig } from '../src/config.ts';
import { type CorsConfig, cors, corsConfig, corsSettings } from '../src/cors.ts';
import { errorHandler } from '../src/error-handler.ts';
import { createLogger } from '../src/logger.ts';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

const config: CorsConfig = {
  allowOrigins: [ALLOWED, 'http://localhost:5173'],
  allowMethods: 'GET,POST,DELETE,OPTIONS',
  allowHeaders: 'Content-Type,X-API-Key',
  maxAgeSeconds: 600,
};

function appWith(corsConfig: CorsConfig | null) {
  return new Elysia()
    .use(cors(corsConfig))
    .use(errorHandler({ logger: createLogger({ level: 'silent' }) }))
    .get('/items', () => ({ items: [] }))
    .post('/items', () => 'created');
}

/** The CORS-related headers of a response: `vary` and every `access-control-*`. */
function corsHeadersOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(([name]) => name === 'vary' || name.startsWith('access-control-')),
  );
}

function preflight(origin: string, path = '/items'): Request {
  return new Request(`http://localhost${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
}

describe('cors', () => {
  const app = appWith(config);

  test.each([[ALLOWED], ['http://localhost:5173']])(
    'a request from the allowed origin %s gets that origin echoed and Vary: Origin',
    async (origin) => {
      const response = await app.handle(new Request('http://localhost/items', { headers: { origin } }));
      expect({ status: response.status, headers: corsHeadersOf(response) }).toEqual({
        status: 200,
        headers: { 'access-control-allow-origin': origin, vary: 'Origin' },
      });
    },
  );

  test('a request from another origin gets no CORS headers but is still answered', async () => {
    const response = await app.handle(new Request('http://localhost/items', { headers: { origin: OTHER } }));
    expect({ status: response.status, headers: corsHeadersOf(response), body: await response.json() }).toEqual({
      status: 200,
      headers: { vary: 'Origin' },
      body: { items: [] },
    });
  });

  test('a request without an Origin header gets no CORS headers', async () => {
    const response = await app.handle(new Request('http://localhost/items'));
    expect(corsHeadersOf(response)).toEqual({ vary: 'Origin' });
  });

  test('a preflight from the allowed origin is answered 204 with methods, headers and max-age', async () => {
    const response = await app.handle(preflight(ALLOWED));
    expect({ status: response.status, headers: corsHeadersOf(response), body: await response.text() }).toEqual({
      status: 204,
      headers: {
        'access-control-allow-origin': ALLOWED,
        'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS',
        'access-control-allow-headers': 'Content-Type,X-API-Key',
        'access-control-max-age': '600',
        vary: 'Origin',
      },
      body: '',
    });
  });

  test('a preflight from another origin is answered 204 without CORS headers', async () => {
    const response = await app.handle(preflight(OTHER));
    expect({ status: response.status, headers: corsHeadersOf(response) }).toEqual({
      status: 204,
      headers: { vary: 'Origin' },
    });
  });

  test('a preflight is answered even for a path with no route', async () => {
    const response = await app.handle(preflight(ALLOWED, '/no/such/route'));
    expect(response.status).toBe(204);
  });

  test('an OPTIONS request without Access-Control-Request-Method gets no preflight answer', async () => {
    const response = await app.handle(
      new Request('http://localhost/items', { method: 'OPTIONS', headers: { origin: ALLOWED } }),
    );
    expect({ status: response.status, headers: corsHeadersOf(response) }).toEqual({
      status: 204,
      headers: { 'access-control-allow-origin': ALLOWED, vary: 'Origin' },
    });
  });

  test('a `*` origin (development only) answers every origin with `*`', async () => {
    const open = appWith({ ...config, allowOrigins: ['*'] });
    const simple = await open.handle(new Request('http://localhost/items', { headers: { origin: OTHER } }));
    const answer = await open.handle(preflight(OTHER));
    expect([corsHeadersOf(simple), corsHeadersOf(answer)]).toEqual([
      { 'access-control-allow-origin': '*', vary: 'Origin' },
      {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS',
        'access-control-allow-headers': 'Content-Type,X-API-Key',
        'access-control-max-age': '600',
        vary: 'Origin',
      },
    ]);
  });

  test('with CORS off no response carries CORS headers', async () => {
    const off = appWith(null);
    const simple = await off.handle(new Request('http://localhost/items', { headers: { origin: ALLOWED } }));
    const answer = await off.handle(preflight(ALLOWED));
    expect([corsHeadersOf(simple), corsHeadersOf(answer)]).toEqual([{}, {}]);
  });
});

describe('corsSettings', () => {
  function loadCors(env: Record<string, string>) {
    return loadConfig(corsSettings, { env, argv: [] });
  }

  function problemsOf(env: Record<string, string>): readonly string[] {
    try {
      loadCors(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('expected a ConfigError');
  }

  test('default to CORS off with the reference methods, headers and max-age', () => {
    expect(loadCors({})).toEqual({
      corsAllowOrigin: null,
      corsAllowMethods: 'GET,POST,DELETE,OPTIONS',
      corsAllowHeaders: 'Content-Type,X-API-Key',
      corsMaxAge: 600,
    });
  });

  test('read a list of exact origins and tidy the token lists', () => {
    expect(
      loadCors({
        CORS_ALLOW_ORIGIN: 'https://app.example.com, http://localhost:5173',
        CORS_ALLOW_METHODS: 'GET, POST',
        CORS_ALLOW_HEADERS: 'Content-Type , X-Request-Id',
        CORS_MAX_AGE: '60',
      }),
    ).toEqual({
      corsAllowOrigin: ['https://app.example.com', 'http://localhost:5173'],
      corsAllowMethods: 'GET,POST',
      corsAllowHeaders: 'Content-Type,X-Request-Id',
      corsMaxAge: 60,
    });
  });

  test('allow `*` in development', () => {
    expect(loadCors({ CORS_ALLOW_ORIGIN: '*' }).corsAllowOrigin).toEqual(['*']);
  });

  test('refuse `*` in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', CORS_ALLOW_ORIGIN: 'https://app.example.com,*' })).toEqual([
      "CORS_ALLOW_ORIGIN: '*' is refused in production: name the exact origin",
    ]);
  });

  test.each([
    [
      'https://a.example/path',
      "'https://a.example/path' is not an exact origin (expected 'https://a.example': scheme, host, port, no path)",
    ],
    [
      'https://a.example/',
      "'https://a.example/' is not an exact origin (expected 'https://a.example': scheme, host, port, no path)",
    ],
    [
      'https://a.example:443',
      "'https://a.example:443' is not an exact origin (expected 'https://a.example': scheme, host, port, no path)",
    ],
    ['a.example', "'a.example' is not an origin such as https://app.example.com"],
    [',', 'no origin given'],
  ])('refuse the origin %p', (origin, problem) => {
    expect(problemsOf({ CORS_ALLOW_ORIGIN: origin })).toEqual([`CORS_ALLOW_ORIGIN: ${problem}`]);
  });

  test('refuse malformed token lists and an out-of-range max-age, all at once', () => {
    expect(
      problemsOf({ CORS_ALLOW_METHODS: 'GET POST', CORS_ALLOW_HEADERS: 'X-(bad)', CORS_MAX_AGE: '86401' }),
    ).toEqual([
      "CORS_ALLOW_METHODS: 'GET POST' is not a comma-separated list of tokens",
      "CORS_ALLOW_HEADERS: 'X-(bad)' is not a comma-separated list of tokens",
      'CORS_MAX_AGE: 86401 is outside 0..86400',
    ]);
  });
});

describe('corsConfig', () => {
  test('is null when no origin is configured', () => {
    expect(corsConfig(loadConfig(corsSettings, { env: {}, argv: [] }))).toBeNull();
  });

  test('carries the parsed settings when an origin is configured', () => {
    expect(
      corsConfig({
        corsAllowOrigin: [ALLOWED],
        corsAllowMethods: 'GET',
        corsAllowHeaders: 'X-API-Key',
        corsMaxAge: 30,
      }),
    ).toEqual({ allowOrigins: [ALLOWED], allowMethods: 'GET', allowHeaders: 'X-API-Key', maxAgeSeconds: 30 });
  });
});
