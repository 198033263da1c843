import { describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { errorHandler, toAppError } from '../src/error-handler.ts';
import { AppError, NotFoundError } from '../src/errors.ts';
import { createLogger } from '../src/logger.ts';

class TeapotError extends AppError {
  constructor() {
    super({
      code: 'teapot',
      status: 418,
      message: 'short and stout',
      details: { spout: 1 },
      headers: { 'x-pot': 'yes' },
    });
  }
}

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) });
  const app = new Elysia()
    .use(errorHandler({ logger }))
    .get('/teapot', () => {
      throw new TeapotError();
    })
    .get('/draining', () => {
      throw new AppError({
        code: 'unavailable',
        status: 503,
        message: 'draining',
        headers: { 'retry-after': '5' },
      });
    })
    .get('/boom', () => {
      throw new Error('kaboom: password=hunter2');
    })
    .get('/string', () => {
      throw 'a thrown string';
    })
    .get('/validated', ({ query }) => query.n, { query: t.Object({ n: t.Numeric() }) })
    .post('/parsed', ({ body }) => body);
  return { app, lines };
}

async function call(app: { handle(request: Request): Promise<Response> }, path: string, init?: RequestInit) {
  const response = await app.handle(new Request(`http://localhost${path}`, init));
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe('errorHandler', () => {
  test('an AppError subclass becomes its status, headers and {code, message, ...details}', async () => {
    const { app, lines } = appWithLog();
    expect(await call(app, '/teapot')).toEqual({
      status: 418,
      headers: { 'content-type': 'application/json', 'x-pot': 'yes' },
      body: JSON.stringify({ code: 'teapot', message: 'short and stout', spout: 1 }),
    });
    expect(lines).toEqual([]);
  });

  test('an AppError of status 500 or more is answered as itself and logged', async () => {
    const { app, lines } = appWithLog();
    expect(await call(app, '/draining')).toEqual({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '5' },
      body: JSON.stringify({ code: 'unavailable', message: 'draining' }),
    });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([['error', 'request failed']]);
  });

  test('an unknown Error becomes 500 internal with nothing of the error in the body', async () => {
    const { app } = appWithLog();
    const response = await call(app, '/boom');
    expect(response).toEqual({
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'internal', message: 'internal error' }),
    });
    expect(response.body).not.toContain('kaboom');
    expect(response.body).not.toContain('at ');
  });

  test('an unknown Error is logged at error level with its message and stack', async () => {
    const { app, lines } = appWithLog();
    await call(app, '/boom');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'request failed',
      method: 'GET',
      path: '/boom',
      error: { name: 'Error', message: 'kaboom: password=hunter2', stack: expect.stringContaining('kaboom') },
    });
  });

  test('a thrown non-Error becomes 500 internal and is logged as is', async () => {
    const { app, lines } = appWithLog();
    expect((await call(app, '/string')).body).toBe(JSON.stringify({ code: 'internal', message: 'internal error' }));
    expect(lines.map((line) => line.error)).toEqual(['a thrown string']);
  });

  test('an unknown route is 404 not_found', async () => {
    const { app, lines } = appWithLog();
    expect(await call(app, '/no/such/route')).toEqual({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'not_found', message: 'no such route' }),
    });
    expect(lines).toEqual([]);
  });

  test('a value that fails route validation is 400 bad_request', async () => {
    const { app } = appWithLog();
    expect(await call(app, '/validated?n=abc')).toEqual({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'bad_request', message: 'invalid request' }),
    });
  });

  test("a body Elysia's own parser cannot read is 400 invalid_json", async () => {
    const { app } = appWithLog();
    const response = await call(app, '/parsed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: JSON.stringify({ code: 'invalid_json', message: 'request body is not valid JSON' }),
    });
  });
});

describe('toAppError', () => {
  test('returns an AppError as is', () => {
    const error = new NotFoundError({ message: 'no task t1' });
    expect(toAppError(error, 'UNKNOWN')).toBe(error);
  });

  test('finds an AppError anywhere in the cause chain', () => {
    const inner = new TeapotError();
    const wrapped = new Error('outer', { cause: new Error('middle', { cause: inner }) });
    expect(toAppError(wrapped, 'PARSE')).toBe(inner);
  });

  test.each([
    ['NOT_FOUND', { status: 404, json: { code: 'not_found', message: 'no such route' } }],
    ['PARSE', { status: 400, json: { code: 'invalid_json', message: 'request body is not valid JSON' } }],
    ['VALIDATION', { status: 400, json: { code: 'bad_request', message: 'invalid request' } }],
    ['INVALID_COOKIE_SIGNATURE', { status: 400, json: { code: 'bad_request', message: 'invalid request' } }],
    ['INVALID_FILE_TYPE', { status: 400, json: { code: 'bad_request', message: 'invalid request' } }],
    ['UNKNOWN', { status: 500, json: { code: 'internal', message: 'internal error' } }],
    [500, { status: 500, json: { code: 'internal', message: 'internal error' } }],
  ])('maps the Elysia code %p of a foreign error', (code, expected) => {
    const error = toAppError(new Error('foreign'), code);
    expect({ status: error.status, json: error.toJSON() }).toEqual(expected);
  });

  test('keeps a foreign error as the cause of the internal error, so the log shows it', () => {
    const cause = new RangeError('index out of range');
    expect(toAppError(cause, 'UNKNOWN').cause).toBe(cause);
  });
});
