import { describe, expect, test } from 'bun:test';
import {
  AppError,
  InvalidFieldError,
  InvalidJsonError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../src/errors.ts';

describe('AppError', () => {
  test('carries code, status, details, headers and cause, and names itself after its class', () => {
    const cause = new Error('disk full');
    const error = new AppError({
      code: 'quota_exceeded',
      status: 429,
      message: 'too many tasks',
      details: { limit: 10 },
      headers: { 'retry-after': '30' },
      cause,
    });
    expect({
      name: error.name,
      code: error.code,
      status: error.status,
      message: error.message,
      details: error.details,
      headers: error.headers,
      cause: error.cause,
    }).toEqual({
      name: 'AppError',
      code: 'quota_exceeded',
      status: 429,
      message: 'too many tasks',
      details: { limit: 10 },
      headers: { 'retry-after': '30' },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
  });

  test('serialises to code, message and the details, never the cause or headers', () => {
    const error = new AppError({
      code: 'conflict',
      status: 409,
      message: 'already delivered',
      details: { id: 'a1' },
      headers: { allow: 'GET' },
      cause: new Error('secret internals'),
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 'conflict', message: 'already delivered', id: 'a1' });
  });

  test('defaults to no details and no headers', () => {
    const error = new AppError({ code: 'teapot', status: 418, message: 'short and stout' });
    expect({ details: error.details, headers: error.headers, json: error.toJSON() }).toEqual({
      details: {},
      headers: {},
      json: { code: 'teapot', message: 'short and stout' },
    });
  });

  test('a subclass is named after the subclass', () => {
    class QuotaError extends AppError {}
    expect(new QuotaError({ code: 'quota', status: 429, message: 'slow down' }).name).toBe('QuotaError');
  });
});

interface ErrorRow {
  readonly name: string;
  readonly error: AppError;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly json: Record<string, string | number>;
}

describe('the shared HTTP errors', () => {
  test.each<ErrorRow>([
    {
      name: 'InvalidFieldError',
      error: new InvalidFieldError({ field: 'url', message: 'is required' }),
      status: 400,
      headers: {},
      json: { code: 'invalid_field', message: 'url: is required', field: 'url' },
    },
    {
      name: 'InvalidFieldError with its own status',
      error: new InvalidFieldError({ field: 'payload', message: 'is too large', status: 413 }),
      status: 413,
      headers: {},
      json: { code: 'invalid_field', message: 'payload: is too large', field: 'payload' },
    },
    {
      name: 'InvalidJsonError',
      error: new InvalidJsonError(),
      status: 400,
      headers: {},
      json: { code: 'invalid_json', message: 'request body is not valid JSON' },
    },
    {
      name: 'UnsupportedMediaTypeError',
      error: new UnsupportedMediaTypeError({ expected: 'application/json' }),
      status: 415,
      headers: {},
      json: { code: 'unsupported_media_type', message: 'send the body with Content-Type: application/json' },
    },
    {
      name: 'PayloadTooLargeError',
      error: new PayloadTooLargeError({ limit: 1024 }),
      status: 413,
      headers: {},
      json: { code: 'payload_too_large', message: 'request body is larger than 1024 bytes', limit: 1024 },
    },
    {
      name: 'PayloadTooLargeError naming what is too large',
      error: new PayloadTooLargeError({ limit: 10, what: 'payload' }),
      status: 413,
      headers: {},
      json: { code: 'payload_too_large', message: 'payload is larger than 10 bytes', limit: 10 },
    },
    {
      name: 'UnauthorizedError',
      error: new UnauthorizedError({ message: 'invalid API key' }),
      status: 401,
      headers: {},
      json: { code: 'unauthorized', message: 'invalid API key' },
    },
    {
      name: 'NotFoundError',
      error: new NotFoundError(),
      status: 404,
      headers: {},
      json: { code: 'not_found', message: 'not found' },
    },
  ])('$name answers its status, headers and body', ({ error, status, headers, json }) => {
    expect({ status: error.status, headers: error.headers, json: error.toJSON() }).toEqual({ status, headers, json });
    expect(error).toBeInstanceOf(AppError);
  });

  test('InvalidJsonError keeps the parse error as its cause', () => {
    const cause = new SyntaxError('Unexpected end of JSON input');
    expect(new InvalidJsonError({ cause }).cause).toBe(cause);
  });
});
