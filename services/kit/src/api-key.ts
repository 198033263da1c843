// API keys: the X-API-Key guard (constant-time) and the rules a key must meet to start in production.

import { createHash, timingSafeEqual } from 'node:crypto';
import { Elysia } from 'elysia';
import type { ParseContext } from './config.ts';
import { UnauthorizedError } from './errors.ts';

/** 32 random bytes in hex is 64 characters; half of that is the least we accept in production. */
export const MIN_PRODUCTION_KEY_LENGTH = 32;

const PLACEHOLDER_WORDS = [
  'changeme',
  'change-me',
  'change_me',
  'placeholder',
  'example',
  'your-',
  'your_',
  'secret',
  'password',
  'default',
  'dummy',
  'replace',
  'test',
  'xxx',
  '<',
  '>',
];

/** Setting parser for an API key: any non-blank key in development; a strong one in production. */
export function asApiKey(raw: string, context: ParseContext): string {
  // An empty key could never be presented: the guard treats an empty header as missing.
  if (raw === '') throw new Error('must not be empty');
  if (raw.trim() !== raw || /\s/.test(raw)) throw new Error('must not contain whitespace');
  if (!context.production) return raw;
  if (raw.length < MIN_PRODUCTION_KEY_LENGTH) {
    throw new Error(
      `is ${raw.length} characters; production needs at least ${MIN_PRODUCTION_KEY_LENGTH} (generate one with scripts/gen-key)`,
    );
  }
  if (isPlaceholder(raw)) throw new Error('looks like a placeholder; generate a real key with scripts/gen-key');
  return raw;
}

export function isPlaceholder(key: string): boolean {
  const lower = key.toLowerCase();
  if (new Set(lower).size <= 2) return true;
  return PLACEHOLDER_WORDS.some((word) => lower.includes(word));
}

/** Compares in constant time: both sides are hashed first, so neither content nor length leaks through timing. */
export function keyMatches(presented: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(sha256(presented), expectedDigest);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Requires `X-API-Key` equal to `key` on every route of the app that uses this plugin.
 * CORS preflights never reach it: the CORS plugin answers them first.
 */
export function apiKeyGuard(key: string) {
  const expected = sha256(key);
  return new Elysia().onBeforeHandle({ as: 'scoped' }, function requireApiKey({ request }) {
    const presented = request.headers.get('x-api-key');
    if (presented === null || presented === '') {
      throw new UnauthorizedError({ message: 'missing X-API-Key header' });
    }
    if (!keyMatches(presented, expected)) throw new UnauthorizedError({ message: 'invalid API key' });
  });
}
