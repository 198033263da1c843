// The web app server's error catalogue.

import { AppError } from '@keel/kit';

/** How long a caller (the scheduler, a browser) should wait before retrying an unavailable dependency. */
const RETRY_AFTER_SECONDS = 5;

export class WatchNotFoundError extends AppError {
  constructor({ id }: { id: string }) {
    super({ code: 'watch_not_found', status: 404, message: `no watch with id '${id}'` });
  }
}

export class InvalidQueryError extends AppError {
  constructor({ parameter, message }: { parameter: string; message: string }) {
    super({ code: 'invalid_query', status: 400, message: `${parameter}: ${message}`, details: { parameter } });
  }
}

/** The position cannot be watched for this owner: it is closed, or another wallet holds it. */
export class PositionNotWatchableError extends AppError {
  constructor({ field, message }: { field: 'id' | 'owner'; message: string }) {
    super({ code: 'position_not_watchable', status: 422, message, details: { field } });
  }
}

export class TooManyWatchesError extends AppError {
  constructor({ limit }: { limit: number }) {
    super({
      code: 'too_many_watches',
      status: 409,
      message: `this owner already has ${limit} watches; turn one off first`,
      details: { limit },
    });
  }
}

/** A stored watch names a chain or preset the current chains file no longer has. */
export class ChainNotConfiguredError extends AppError {
  constructor({ chain, preset }: { chain: string; preset: string }) {
    super({
      code: 'chain_not_configured',
      status: 409,
      message: `chain ${chain} with preset ${preset} is not in the chains configuration any more`,
    });
  }
}

/** A dependency did not answer; 503 so the scheduler retries the check. */
export class DependencyUnavailableError extends AppError {
  constructor({
    dependency,
    message,
    cause,
  }: { dependency: 'chain' | 'notifier' | 'scheduler'; message: string; cause?: unknown }) {
    super({
      code: `${dependency}_unavailable`,
      status: 503,
      message,
      details: { retry_after: RETRY_AFTER_SECONDS },
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      cause,
    });
  }
}
