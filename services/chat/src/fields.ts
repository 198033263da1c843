// Field readers for JSON bodies: each returns the typed value or throws InvalidFieldError naming the field.

import { parseFingerprint } from '@keel/identity';
import { InvalidFieldError } from '@keel/kit';

export type JsonObject = Record<string, unknown>;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function asObject(value: unknown, field: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidFieldError({ field, message: 'must be a JSON object' });
  }
  return value as JsonObject;
}

/** Refuses fields the route does not know, so a typo never passes silently. */
export function onlyFields(body: JsonObject, known: readonly string[], where = 'body'): void {
  for (const name of Object.keys(body)) {
    if (!known.includes(name)) {
      throw new InvalidFieldError({ field: name, message: `unknown field in ${where} (known: ${known.join(', ')})` });
    }
  }
}

export function text(body: JsonObject, field: string, { max = 256 }: { max?: number } = {}): string {
  const value = body[field];
  if (typeof value !== 'string') throw new InvalidFieldError({ field, message: 'must be a string' });
  if (value.length > max) throw new InvalidFieldError({ field, message: `must be at most ${max} characters` });
  return value;
}

export function fingerprintField(body: JsonObject, field = 'fingerprint'): string {
  const value = text(body, field);
  try {
    return parseFingerprint(value);
  } catch (error) {
    throw new InvalidFieldError({ field, message: (error as Error).message });
  }
}

/** Standard base64 with padding, strictly (Buffer alone would skip junk characters); `field` names it in errors. */
export function decodeBase64(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || !BASE64.test(value)) {
    throw new InvalidFieldError({ field, message: 'must be standard base64 with padding' });
  }
  return new Uint8Array(Buffer.from(value, 'base64'));
}

/** Standard base64 of exactly `bytes` bytes. */
export function base64Field(body: JsonObject, field: string, bytes: number): Uint8Array {
  const decoded = decodeBase64(text(body, field, { max: 4 * Math.ceil(bytes / 3) }), field);
  if (decoded.length !== bytes) {
    throw new InvalidFieldError({ field, message: `must encode ${bytes} bytes, got ${decoded.length}` });
  }
  return decoded;
}

export function integerField(body: JsonObject, field: string, min: number, max: number): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidFieldError({ field, message: `must be an integer from ${min} to ${max}` });
  }
  return value;
}

/** Lowercase hex of exactly `bytes` bytes. */
export function hexField(body: JsonObject, field: string, bytes: number): Uint8Array {
  const value = text(body, field, { max: bytes * 2 });
  if (value.length !== bytes * 2 || !/^[0-9a-f]*$/.test(value)) {
    throw new InvalidFieldError({ field, message: `must be ${bytes * 2} lowercase hex digits` });
  }
  return new Uint8Array(Buffer.from(value, 'hex'));
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
