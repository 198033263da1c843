import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { errorHandler } from '../src/error-handler.ts';
import { PayloadTooLargeError } from '../src/errors.ts';
import { readBodyText, readJsonBody } from '../src/json-body.ts';
import { createLogger } from '../src/logger.ts';

const LIMIT = 16;

const app = new Elysia()
  .use(errorHandler({ logger: createLogger({ level: 'silent' }) }))
  .post('/echo', async function echo({ request }) {
    return { got: await readJsonBody(request, { limit: LIMIT }) };
  });

async function post(body: RequestInit['body'], headers: Record<string, string>) {
  const response = await app.handle(new Request('http://localhost/echo', { method: 'POST', body, headers }));
  return { status: response.status, body: await response.json() };
}

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

const TOO_LARGE = { code: 'payload_too_large', message: `request body is larger than ${LIMIT} bytes`, limit: LIMIT };
const INVALID_JSON = { code: 'invalid_json', message: 'request body is not valid JSON' };
const UNSUPPORTED = { code: 'unsupported_media_type', message: 'send the body with Content-Type: application/json' };

describe('readJsonBody', () => {
  test.each([
    ['application/json'],
    ['application/json; charset=utf-8'],
    ['Application/JSON'],
    ['application/merge-patch+json'],
    ['application/vnd.keel.task+json; version=2'],
  ])('parses a body sent as %p', async (type) => {
    expect(await post('{"a":[1,"é"]}', { 'content-type': type })).toEqual({
      status: 200,
      body: { got: { a: [1, 'é'] } },
    });
  });

  test('accepts a body of exactly the limit', async () => {
    const body = JSON.stringify('x'.repeat(LIMIT - 2));
    expect(await post(body, { 'content-type': 'application/json' })).toEqual({
      status: 200,
      body: { got: 'x'.repeat(LIMIT - 2) },
    });
  });

  test.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['a type that merely contains json', { 'content-type': 'application/jsonp' }],
    ['no content type', {}],
  ])('refuses %s with 415', async (_name, headers) => {
    expect(await post('{}', headers)).toEqual({ status: 415, body: UNSUPPORTED });
  });

  test('refuses a body over the limit with 413 when Content-Length declares it', async () => {
    const body = 'x'.repeat(LIMIT + 1);
    expect(await post(body, { 'content-type': 'application/json', 'content-length': String(body.length) })).toEqual({
      status: 413,
      body: TOO_LARGE,
    });
  });

  test('refuses on the declared Content-Length alone, before reading the body', async () => {
    expect(await post('{}', { 'content-type': 'application/json', 'content-length': '1000' })).toEqual({
      status: 413,
      body: TOO_LARGE,
    });
  });

  test('refuses a body over the limit with 413 when there is no Content-Length', async () => {
    expect(await post(streamOf('"0123456789', '0123456789"'), { 'content-type': 'application/json' })).toEqual({
      status: 413,
      body: TOO_LARGE,
    });
  });

  test('refuses a body over the limit even when Content-Length understates it', async () => {
    expect(await post(`"${'x'.repeat(LIMIT)}"`, { 'content-type': 'application/json', 'content-length': '2' })).toEqual(
      { status: 413, body: TOO_LARGE },
    );
  });

  test.each([
    ['truncated JSON', '{"a":'],
    ['a bare word', 'hello'],
    ['an empty body', ''],
    ['invalid UTF-8 bytes', new Uint8Array([0x22, 0xff, 0xfe, 0x22])],
  ])('refuses %s with 400 invalid_json', async (_name, body) => {
    expect(await post(body, { 'content-type': 'application/json' })).toEqual({ status: 400, body: INVALID_JSON });
  });
});

describe('readBodyText', () => {
  test('reads a body sent in several chunks', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: streamOf('ab', 'cd', 'é') });
    expect(await readBodyText(request, LIMIT)).toBe('abcdé');
  });

  test('reads no body as empty text', async () => {
    expect(await readBodyText(new Request('http://localhost/', { method: 'POST' }), LIMIT)).toBe('');
  });

  test('counts bytes, not characters, against the limit', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: 'é'.repeat(9) });
    await expect(readBodyText(request, LIMIT)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });
});
