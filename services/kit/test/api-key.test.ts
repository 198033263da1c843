import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { Elysia } from 'elysia';
import { apiKeyGuard, asApiKey, isPlaceholder, keyMatches, MIN_PRODUCTION_KEY_LENGTH } from '../src/api-key.ts';
import { ConfigError, loadConfig, setting } from '../src/config.ts';
import { errorHandler } from '../src/error-handler.ts';
import { createLogger } from '../src/logger.ts';

const STRONG_KEY = '9f2c4b7e1a8d3f6059c2e7b4a1d8f3c6e9b2a5d8f1c4e7b0a3d6f9c2e5b8a1d4';
const development = { production: false };
const production = { production: true };

describe('asApiKey', () => {
  test.each([['k'], ['dev'], ['changeme'], ['test']])('accepts %p in development', (key) => {
    expect(asApiKey(key, development)).toBe(key);
  });

  test('accepts a long random key in production', () => {
    expect(asApiKey(STRONG_KEY, production)).toBe(STRONG_KEY);
  });

  test.each([
    ['an empty key', '', 'must not be empty'],
    ['leading whitespace', ' abc', 'must not contain whitespace'],
    ['trailing newline', 'abc\n', 'must not contain whitespace'],
    ['inner space', 'ab c', 'must not contain whitespace'],
  ])('refuses %s in development and production', (_name, key, message) => {
    expect(() => asApiKey(key, development)).toThrow(message);
    expect(() => asApiKey(key, production)).toThrow(message);
  });

  test.each([
    [
      'a short key',
      'Zq81-short-k',
      'is 12 characters; production needs at least 32 (generate one with scripts/gen-key)',
    ],
    ['a key one short of the minimum', STRONG_KEY.slice(0, MIN_PRODUCTION_KEY_LENGTH - 1), 'is 31 characters'],
    ['a placeholder word', 'changeme-changeme-changeme-changeme', 'looks like a placeholder'],
    ['a template', '<your-generated-key-goes-in-here-0123>', 'looks like a placeholder'],
    ['one repeated character', 'a'.repeat(64), 'looks like a placeholder'],
    ['two alternating characters', 'ab'.repeat(32), 'looks like a placeholder'],
  ])('refuses %s in production with a message that does not contain the key', (_name, key, message) => {
    let thrown: unknown;
    try {
      asApiKey(key, production);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const text = (thrown as Error).message;
    expect(text).toContain(message);
    expect(text).not.toContain(key);
  });

  test('a refused production key is reported by its variable name, never its value', () => {
    const spec = { apiKey: setting({ env: ['SERVICE_API_KEY'], help: 'the API key', parse: asApiKey }) };
    const key = 'Zq81-short-k';
    let thrown: unknown;
    try {
      loadConfig(spec, { env: { NODE_ENV: 'production', SERVICE_API_KEY: key }, argv: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      'SERVICE_API_KEY: is 12 characters; production needs at least 32 (generate one with scripts/gen-key)',
    ]);
    expect((thrown as ConfigError).message).not.toContain(key);
  });
});

describe('isPlaceholder', () => {
  test.each([
    ['CHANGEME-0123456789abcdef0123456789', true],
    ['my-secret-key-0123456789abcdef012345', true],
    ['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', true],
    [STRONG_KEY, false],
  ])('%p is a placeholder: %p', (key, expected) => {
    expect(isPlaceholder(key)).toBe(expected);
  });
});

describe('keyMatches', () => {
  const digest = createHash('sha256').update('right-key').digest();

  test.each([
    ['right-key', true],
    ['wrong-key', false],
    ['right-key ', false],
    ['', false],
    ['right-key'.repeat(100), false],
  ])('%p against the digest of "right-key" is %p', (presented, expected) => {
    expect(keyMatches(presented, digest)).toBe(expected);
  });
});

describe('apiKeyGuard', () => {
  const app = new Elysia()
    .use(errorHandler({ logger: createLogger({ level: 'silent' }) }))
    .use(new Elysia().use(apiKeyGuard(STRONG_KEY)).get('/secret', () => 'inside'))
    .get('/open', () => 'public');

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await app.handle(new Request(`http://localhost${path}`, { headers }));
    return { status: response.status, body: await response.text() };
  }

  test.each([
    ['no X-API-Key header', {}, 'missing X-API-Key header'],
    ['an empty X-API-Key header', { 'x-api-key': '' }, 'missing X-API-Key header'],
    ['a wrong key', { 'x-api-key': `${STRONG_KEY}0` }, 'invalid API key'],
  ])('a request with %s is 401 unauthorized', async (_name, headers, message) => {
    expect(await get('/secret', headers)).toEqual({
      status: 401,
      body: JSON.stringify({ code: 'unauthorized', message }),
    });
  });

  test('a request with the right key reaches the route', async () => {
    expect(await get('/secret', { 'x-api-key': STRONG_KEY })).toEqual({ status: 200, body: 'inside' });
  });

  test('routes outside the instance that uses the guard need no key', async () => {
    expect(await get('/open')).toEqual({ status: 200, body: 'public' });
  });
});
