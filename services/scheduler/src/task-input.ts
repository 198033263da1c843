// POST /tasks bodies: every field checked, every problem named, before anything is stored.

import { InvalidFieldError, PayloadTooLargeError } from '@keel/kit';
import { parseIsoTimestamp } from './iso-time.ts';
import { parseOutgoingHeaders } from './outgoing-headers.ts';
import type { TargetPolicy } from './target-policy.ts';
import { type NewTask, TASK_METHODS, type TaskMethod } from './task.ts';

export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** Browsers and most servers stop at 8 KiB of request line; a longer URL would fail at every attempt. */
export const MAX_URL_LENGTH = 8 * 1024;

const FIELDS = new Set(['url', 'execute_at', 'payload', 'headers', 'method']);

export function parseNewTask(body: unknown, policy: TargetPolicy | null): NewTask {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidFieldError({ field: 'body', message: 'must be a JSON object' });
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !FIELDS.has(key));
  if (unknown !== undefined) {
    throw new InvalidFieldError({ field: unknown, message: `is not a task field (known: ${[...FIELDS].join(', ')})` });
  }
  const method = parseMethod(input.method);
  const payload = parsePayload(input.payload);
  if (payload !== '' && (method === 'GET' || method === 'HEAD')) {
    throw new InvalidFieldError({ field: 'payload', message: `must be empty for method ${method}` });
  }
  return {
    url: parseUrl(input.url, policy),
    method,
    headers: parseOutgoingHeaders(input.headers),
    payload,
    executeAt: parseExecuteAt(input.execute_at),
  };
}

function parseUrl(value: unknown, policy: TargetPolicy | null): string {
  if (value === undefined) throw new InvalidFieldError({ field: 'url', message: 'is required' });
  if (typeof value !== 'string') throw new InvalidFieldError({ field: 'url', message: 'must be a string' });
  if (value.length > MAX_URL_LENGTH) {
    throw new InvalidFieldError({ field: 'url', message: `is longer than ${MAX_URL_LENGTH} characters` });
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidFieldError({ field: 'url', message: `'${value}' is not an absolute URL` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidFieldError({
      field: 'url',
      message: `scheme '${url.protocol.slice(0, -1)}' is not http or https`,
    });
  }
  if (policy !== null && !policy.allows(url)) {
    throw new InvalidFieldError({
      field: 'url',
      message: `host '${url.host}' is not in SCHEDULER_ALLOWED_TARGETS (${policy.entries.join(', ')})`,
    });
  }
  return url.href;
}

function parseExecuteAt(value: unknown): number {
  if (value === undefined) throw new InvalidFieldError({ field: 'execute_at', message: 'is required' });
  if (typeof value !== 'string') {
    throw new InvalidFieldError({
      field: 'execute_at',
      message: 'must be an ISO 8601 string such as 2026-11-22T10:00:00Z',
    });
  }
  try {
    return parseIsoTimestamp(value);
  } catch (error) {
    throw new InvalidFieldError({ field: 'execute_at', message: (error as Error).message });
  }
}

function parsePayload(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw new InvalidFieldError({ field: 'payload', message: 'must be a string (serialise JSON payloads first)' });
  }
  if (Buffer.byteLength(value) > MAX_PAYLOAD_BYTES) {
    throw new PayloadTooLargeError({ limit: MAX_PAYLOAD_BYTES, what: 'payload' });
  }
  return value;
}

function parseMethod(value: unknown): TaskMethod {
  if (value === undefined || value === null) return 'POST';
  const method = typeof value === 'string' ? TASK_METHODS.find((known) => known === value.toUpperCase()) : undefined;
  if (method === undefined) {
    throw new InvalidFieldError({ field: 'method', message: `must be one of ${TASK_METHODS.join(', ')}` });
  }
  return method;
}
