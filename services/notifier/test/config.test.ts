import { expect, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { ConfigError } from '@keel/kit';
import { readConfig } from '../src/config.ts';

test('applies ntfy’s defaults', () => {
  const config = readConfig({ env: {}, argv: [] });
  expect({ ...config, webRoot: undefined }).toEqual({
    port: 80,
    host: '0.0.0.0',
    dataDir: './data/notifier',
    logLevel: 'info',
    baseUrl: null,
    smtp: null,
    cacheMs: 43_200_000,
    keepaliveMs: 45_000,
    delayLimitMs: 259_200_000,
    visitors: {
      requestBurst: 60,
      requestReplenishMs: 5_000,
      emailBurst: 16,
      emailReplenishMs: 3_600_000,
      subscriptionLimit: 30,
      exemptHosts: new Set(),
    },
    trustedProxies: new Set(),
    webRoot: undefined,
    durability: 'full',
  });
  expect(config.webRoot).toEndWith('web/notifier/dist');
});

test('reads the SMTP relay, its credentials and the log level', () => {
  const config = readConfig({
    env: {
      NOTIFIER_SMTP_SENDER_ADDR: 'smtp.example.com:587',
      NOTIFIER_SMTP_SENDER_USER: 'u',
      NOTIFIER_SMTP_SENDER_PASS: 'p',
      NOTIFIER_SMTP_SENDER_FROM: 'alerts@example.com',
      NOTIFIER_BASE_URL: 'https://alerts.example.com/notifier/',
      NOTIFIER_LOG_LEVEL: 'debug',
    },
    argv: ['--port', '8081'],
  });
  expect({ smtp: config.smtp, baseUrl: config.baseUrl, logLevel: config.logLevel, port: config.port }).toEqual({
    smtp: { host: 'smtp.example.com', port: 587, user: 'u', pass: 'p', from: 'alerts@example.com' },
    baseUrl: 'https://alerts.example.com/notifier',
    logLevel: 'debug',
    port: 8081,
  });
});

test('an SMTP relay without sender and base URL is refused, naming both', () => {
  expect(() => readConfig({ env: { NOTIFIER_SMTP_SENDER_ADDR: 'localhost:25' }, argv: [] })).toThrow(ConfigError);
  try {
    readConfig({ env: { NOTIFIER_SMTP_SENDER_ADDR: 'localhost:25' }, argv: [] });
  } catch (error) {
    expect((error as ConfigError).problems).toEqual([
      'NOTIFIER_SMTP_SENDER_FROM: required when NOTIFIER_SMTP_SENDER_ADDR is set',
      'NOTIFIER_BASE_URL: required when NOTIFIER_SMTP_SENDER_ADDR is set',
    ]);
  }
});

test.each([
  ['NOTIFIER_SMTP_SENDER_ADDR', 'localhost'],
  ['NOTIFIER_SMTP_SENDER_ADDR', 'localhost:99999'],
  ['NOTIFIER_BASE_URL', 'alerts.example.com'],
  ['NOTIFIER_CACHE_DURATION', '10s'],
  ['NOTIFIER_KEEPALIVE_INTERVAL', 'often'],
  ['NOTIFIER_VISITOR_SUBSCRIPTION_LIMIT', '0'],
  ['NOTIFIER_LOG_LEVEL', 'loud'],
])('%s=%p is refused', (name, value) => {
  expect(() => readConfig({ env: { [name]: value }, argv: [] })).toThrow(name);
});

test('the service exits 2 on bad configuration, listing every problem', async () => {
  const child = Bun.spawn({
    cmd: [process.execPath, `${import.meta.dir}/../src/main.ts`, '--port', 'x'],
    env: { PATH: process.env.PATH ?? '', NOTIFIER_CACHE_DURATION: 'forever' },
    cwd: tmpdir(),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  expect(await child.exited).toBe(2);
  const stderr = await new Response(child.stderr).text();
  expect(stderr).toContain('--port');
  expect(stderr).toContain('NOTIFIER_CACHE_DURATION');
});
