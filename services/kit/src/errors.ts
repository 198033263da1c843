// The one error base every service throws, and the HTTP errors every service shares.

/** A value of an error body's extra fields. */
export type ErrorDetail = string | number | readonly string[];

export interface AppErrorOptions {
  /** Machine-readable, stable across releases: clients switch on it. */
  readonly code: string;
  readonly status: number;
  readonly message: string;
  /** Extra JSON fields for the body, e.g. the offending `field`. */
  readonly details?: Readonly<Record<string, ErrorDetail>>;
  /** Response headers the error implies (`Retry-After`, `Allow`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Readonly<Record<string, ErrorDetail>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(options: AppErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.status = options.status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body clients receive: `{ code, message, ...details }`. */
  toJSON(): Record<string, ErrorDetail> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

/** A request field is missing, has the wrong type or an invalid value. */
export class InvalidFieldError extends AppError {
  constructor({ field, message, status = 400 }: { field: string; message: string; status?: number }) {
    super({ code: 'invalid_field', status, message: `${field}: ${message}`, details: { field } });
  }
}

export class InvalidJsonError extends AppError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super({ code: 'invalid_json', status: 400, message: 'request body is not valid JSON', cause });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor({ expected }: { expected: string }) {
    super({ code: 'unsupported_media_type', status: 415, message: `send the body with Content-Type: ${expected}` });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor({ limit, what = 'request body' }: { limit: number; what?: string }) {
    super({
      code: 'payload_too_large',
      status: 413,
      message: `${what} is larger than ${limit} bytes`,
      details: { limit },
    });
  }
}

export class UnauthorizedError extends AppError {
  constructor({ message }: { message: string }) {
    super({ code: 'unauthorized', status: 401, message });
  }
}

export class NotFoundError extends AppError {
  constructor({ message = 'not found' }: { message?: string } = {}) {
    super({ code: 'not_found', status: 404, message });
  }
}
