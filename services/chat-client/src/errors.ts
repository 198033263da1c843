// The chat client's error catalogue: what the server refused, and what the profile or a peer got wrong.
//
// These extend the kit's AppError like every error of the stack; `status` is the server's HTTP status for a
// refusal and 0 for a failure that never reached the server.

import { AppError } from '@keel/kit';

/** A value of an error body's extra fields (the kit's AppError details). */
export type ErrorDetail = string | number | readonly string[];

/** The server answered with its error body `{code, message, ...details}`. */
export class ServerError extends AppError {
  constructor(status: number, code: string, message: string, details: Readonly<Record<string, ErrorDetail>> = {}) {
    super({ code, status, message: `server refused (${status} ${code}): ${message}`, details });
  }
}

/** The server could not be reached (after the retries the operation allows). */
export class NetworkError extends AppError {
  constructor(url: string, cause: unknown) {
    super({ code: 'network_error', status: 0, message: `cannot reach ${url}: ${String(cause)}`, cause });
  }
}

/** The profile directory is missing, already initialised, or lacks a step (register, login) the operation needs. */
export class ProfileError extends AppError {
  constructor(code: 'no_profile' | 'profile_exists' | 'not_registered', message: string) {
    super({ code, status: 0, message });
  }
}

/** A peer's bundle or message does not belong to the fingerprint it is claimed for. */
export class IdentityMismatchError extends AppError {
  constructor(message: string) {
    super({ code: 'identity_mismatch', status: 0, message });
  }
}

/** A file to send is unreadable or too large. */
export class FileInputError extends AppError {
  constructor(message: string, cause?: unknown) {
    super({ code: 'file_input', status: 0, message, cause });
  }
}
