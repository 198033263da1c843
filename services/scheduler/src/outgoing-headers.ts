// Validation of the headers a task asks the scheduler to send.

import { InvalidFieldError } from '@keel/kit';

export const MAX_HEADERS = 50;
/** Far above any real header value, far below what could fill memory. */
export const MAX_HEADER_VALUE_BYTES = 8 * 1024;

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5: visible characters, spaces and tabs; no CR, LF or NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;

/**
 * Connection-level headers (RFC 9110 §7.6.1) and the ones the HTTP client computes itself: a task cannot
 * set them, since they would be dropped or would corrupt the request.
 */
const FORBIDDEN = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** Set by the scheduler on every attempt; a task may not forge them. */
export const TASK_ID_HEADER = 'X-Scheduler-Task-Id';
export const ATTEMPT_HEADER = 'X-Scheduler-Attempt';
const RESERVED = new Set([TASK_ID_HEADER.toLowerCase(), ATTEMPT_HEADER.toLowerCase()]);

export function parseOutgoingHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidFieldError({ field: 'headers', message: 'must be an object of header name to string value' });
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) {
    throw new InvalidFieldError({ field: 'headers', message: `has ${entries.length} headers; at most ${MAX_HEADERS}` });
  }
  const seen = new Set<string>();
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of entries) {
    const field = `headers.${name}`;
    if (!TOKEN.test(name)) {
      throw new InvalidFieldError({ field: 'headers', message: `'${name}' is not a valid header name` });
    }
    const lower = name.toLowerCase();
    if (FORBIDDEN.has(lower)) {
      throw new InvalidFieldError({ field, message: 'is a hop-by-hop or computed header and cannot be set' });
    }
    if (RESERVED.has(lower)) throw new InvalidFieldError({ field, message: 'is set by the scheduler itself' });
    if (seen.has(lower)) throw new InvalidFieldError({ field, message: 'is given twice (names are case-insensitive)' });
    seen.add(lower);
    if (typeof headerValue !== 'string') throw new InvalidFieldError({ field, message: 'must be a string' });
    if (!FIELD_VALUE.test(headerValue)) {
      throw new InvalidFieldError({ field, message: 'contains control characters (CR, LF, NUL)' });
    }
    if (Buffer.byteLength(headerValue) > MAX_HEADER_VALUE_BYTES) {
      throw new InvalidFieldError({ field, message: `is longer than ${MAX_HEADER_VALUE_BYTES} bytes` });
    }
    headers[name] = headerValue;
  }
  return headers;
}
