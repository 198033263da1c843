import { expect, test } from 'bun:test';
import { parseTargetPolicy } from '../src/target-policy.ts';

const policy = parseTargetPolicy(['notifier', 'hooks.example.com:8443', '*.alerts.example.org', '[::1]:9000']);

test.each([
  ['http://notifier/topic', true],
  ['http://NOTIFIER:8080/topic', true],
  ['https://hooks.example.com:8443/x', true],
  ['https://hooks.example.com/x', false],
  ['https://eu.alerts.example.org/x', true],
  ['https://a.b.alerts.example.org/x', true],
  ['https://alerts.example.org/x', false],
  ['https://evilalerts.example.org/x', false],
  ['http://[::1]:9000/', true],
  ['http://[::1]:9001/', false],
  ['http://127.0.0.1/', false],
  ['http://169.254.169.254/latest/meta-data', false],
  ['http://notifier.evil.com/', false],
])('%s allowed: %p', (url, allowed) => {
  expect(policy.allows(new URL(url))).toBe(allowed);
});

test.each([[['http://notifier']], [['notifier:99999']], [['*']], [['a b']], [[]]])('refuses the list %p', (entries) => {
  expect(() => parseTargetPolicy(entries)).toThrow();
});
