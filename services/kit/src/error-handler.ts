// Maps every thrown error to the one JSON error body; unexpected errors are logged, never shown.

import { Elysia } from 'elysia';
import { AppError, InvalidJsonError, NotFoundError } from './errors.ts';
import type { Logger } from './logger.ts';

export function toAppError(error: unknown, elysiaCode: string | number): AppError {
  // Elysia wraps what a parser throws in its own ParseError; the cause is ours.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  switch (elysiaCode) {
    case 'NOT_FOUND':
      return new NotFoundError({ message: 'no such route' });
    case 'PARSE':
      return new InvalidJsonError({ cause: error });
    case 'VALIDATION':
    case 'INVALID_COOKIE_SIGNATURE':
    case 'INVALID_FILE_TYPE':
      return new AppError({ code: 'bad_request', status: 400, message: 'invalid request', cause: error });
    default:
      return new AppError({ code: 'internal', status: 500, message: 'internal error', cause: error });
  }
}

/** Turns anything thrown into the AppError that is answered; services with their own error shape pass theirs. */
export type ErrorMapper = (error: unknown, elysiaCode: string | number) => AppError;

export function errorHandler({ logger, mapError = toAppError }: { logger: Logger; mapError?: ErrorMapper }) {
  return new Elysia().onError({ as: 'global' }, function renderError({ error, code, set, request }) {
    const appError = mapError(error, code);
    if (appError.status >= 500) {
      // The path only: a query string may carry tokens.
      logger.error('request failed', {
        method: request.method,
        path: new URL(request.url).pathname,
        error: appError.cause ?? appError,
      });
    }
    set.status = appError.status;
    Object.assign(set.headers, appError.headers);
    set.headers['content-type'] = 'application/json';
    return JSON.stringify(appError);
  });
}
