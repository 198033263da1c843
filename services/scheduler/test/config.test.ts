import { describe, expect, test } from 'bun:test';
import { ConfigError } from '@keel/kit';
import { readConfig } from '../src/config.ts';

const KEY = 'a3f1c9e07b2d4c86a1e5f0b9d7c3e2a4f6b8d0c2e4a6b8d0c2e4f6a8b0d2e4f6';

describe('readConfig', () => {
  test('applies the documented defaults', () => {
    const config = readConfig({ env: { SCHEDULER_API_KEY: KEY }, argv: [] });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data/scheduler',
      apiKey: KEY,
      logLevel: 'info',
      cors: null,
      delivery: { maxAttempts: 5, timeoutMs: 10_000, concurrency: 64, retryBaseMs: 1_000, retryMaxMs: 600_000 },
      allowedTargets: null,
      durability: 'full',
      retentionMs: 604_800_000,
    });
  });

  test.each([[['-port', '9000']], [['--port', '9000']], [['--port=9000']], [['-port=9000']]])(
    'takes the port from %p, over PORT',
    (argv) => {
      expect(readConfig({ env: { SCHEDULER_API_KEY: KEY, PORT: '1' }, argv }).port).toBe(9000);
    },
  );

  test('reads every variable', () => {
    const config = readConfig({
      env: {
        SCHEDULER_API_KEY: KEY,
        DATA_DIR: '/data',
        SCHEDULER_LOG_LEVEL: 'debug',
        LOG_LEVEL: 'error',
        CORS_ALLOW_ORIGIN: 'https://app.example.com',
        SCHEDULER_MAX_ATTEMPTS: '3',
        SCHEDULER_REQUEST_TIMEOUT: '2s',
        SCHEDULER_CONCURRENCY: '8',
        SCHEDULER_RETRY_BASE: '250ms',
        SCHEDULER_RETRY_MAX: '1h',
        SCHEDULER_ALLOWED_TARGETS: 'notifier, *.example.com',
        SCHEDULER_DURABILITY: 'normal',
        SCHEDULER_RETENTION: '24h',
      },
      argv: [],
    });
    expect({ ...config, allowedTargets: config.allowedTargets?.entries }).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/data',
      apiKey: KEY,
      logLevel: 'debug',
      cors: {
        allowOrigins: ['https://app.example.com'],
        allowMethods: 'GET,POST,DELETE,OPTIONS',
        allowHeaders: 'Content-Type,X-API-Key',
        maxAgeSeconds: 600,
      },
      delivery: { maxAttempts: 3, timeoutMs: 2_000, concurrency: 8, retryBaseMs: 250, retryMaxMs: 3_600_000 },
      allowedTargets: ['notifier', '*.example.com'],
      durability: 'normal',
      retentionMs: 86_400_000,
    });
  });

  test('lists every problem in one error', () => {
    let error: unknown;
    try {
      readConfig({
        env: { SCHEDULER_CONCURRENCY: '0', SCHEDULER_DURABILITY: 'maybe', SCHEDULER_ALLOWED_TARGETS: 'http://x' },
        argv: ['--bogus', '1'],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'SCHEDULER_API_KEY',
      'SCHEDULER_CONCURRENCY',
      'SCHEDULER_DURABILITY',
      'SCHEDULER_ALLOWED_TARGETS',
      '--bogus',
    ]) {
      expect(problems).toContain(name);
    }
  });

  test('never repeats a rejected key in its message', () => {
    const secret = 'changeme-please-0123456789abcdef0123';
    let message = '';
    try {
      readConfig({ env: { NODE_ENV: 'production', SCHEDULER_API_KEY: secret }, argv: [] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SCHEDULER_API_KEY: looks like a placeholder');
    expect(message).not.toContain(secret);
  });
});
