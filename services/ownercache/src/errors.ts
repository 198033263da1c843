// The ownership cache's error catalogue.

import { AppError } from '@keel/kit';

export class InvalidParameterError extends AppError {
  constructor({ parameter, message }: { parameter: string; message: string }) {
    super({ code: 'invalid_parameter', status: 400, message: `${parameter}: ${message}`, details: { parameter } });
  }
}

export class UnknownContractError extends AppError {
  constructor({ key, known }: { key: string; known: readonly string[] }) {
    super({
      code: 'unknown_contract',
      status: 404,
      message: `no contract '${key}' is configured (known: ${known.join(', ') || 'none'})`,
    });
  }
}

export class NetworkMismatchError extends AppError {
  constructor({ key, network, expected }: { key: string; network: string; expected: string }) {
    super({
      code: 'network_mismatch',
      status: 404,
      message: `contract '${key}' is on ${expected}, not ${network}`,
    });
  }
}

export class NoAnswerError extends AppError {
  constructor({ message, retryAfterSeconds }: { message: string; retryAfterSeconds: number }) {
    super({
      code: 'unavailable',
      status: 503,
      message,
      details: { retry_after: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
