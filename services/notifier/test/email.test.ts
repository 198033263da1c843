// X-Email end to end: publish over HTTP, the mail arrives at a real SMTP server.

import { expect, test } from 'bun:test';
import { NTFY_VISITOR_LIMITS } from '../src/visitors.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { startTestNotifier } from './support/test-notifier.ts';

test('a publish with X-Email sends the message by e-mail without waiting for SMTP', async () => {
  await using sink = await startSmtpSink({ requireAuth: { user: 'relay', pass: 'relay-secret' } });
  await using n = await startTestNotifier({
    baseUrl: 'https://alerts.example.com/notifier',
    smtp: { host: sink.host, port: sink.port, user: 'relay', pass: 'relay-secret', from: 'alerts@example.com' },
  });
  const response = await fetch(`${n.url}/loans`, {
    method: 'POST',
    body: 'Health factor 1.05 on position #42',
    headers: { 'X-Email': 'owner@example.org', 'X-Title': 'Liquidation risk', 'X-Priority': '5', 'X-Tags': 'warning' },
  });
  expect(response.status).toBe(200);
  const [mail] = await sink.waitForMails(1);
  expect(mail?.envelope.rcptTo).toEqual(['owner@example.org']);
  expect(mail?.to).toEqual(['owner@example.org']);
  expect(mail?.subject).toBe('⚠️ Liquidation risk');
  expect(mail?.text).toContain('Health factor 1.05 on position #42');
  expect(mail?.text).toContain('https://alerts.example.com/notifier/loans');
  expect(mail?.user).toBe('relay');
});

test('the e-mail limit answers 42902 after the burst', async () => {
  await using sink = await startSmtpSink();
  await using n = await startTestNotifier({
    smtp: { host: sink.host, port: sink.port, user: null, pass: null, from: 'alerts@example.com' },
    visitors: { ...NTFY_VISITOR_LIMITS, emailBurst: 2 },
  });
  const send = () => fetch(`${n.url}/t`, { method: 'POST', body: 'x', headers: { 'X-Email': 'a@example.org' } });
  const statuses = [(await send()).status, (await send()).status];
  const third = await send();
  expect([...statuses, third.status]).toEqual([200, 200, 429]);
  expect(await third.json()).toMatchObject({ code: 42902, error: 'limit reached: too many emails' });
  await sink.waitForMails(2);
});

test('without SMTP, X-Email is refused with 40001 and nothing is stored', async () => {
  await using n = await startTestNotifier({ smtp: null });
  const response = await fetch(`${n.url}/t`, { method: 'POST', body: 'x', headers: { 'X-Email': 'a@example.org' } });
  expect(await response.json()).toMatchObject({
    code: 40001,
    http: 400,
    error: 'e-mail notifications are not enabled',
  });
  expect(await (await fetch(`${n.url}/t/json?poll=1`)).text()).toBe('');
});

test('a delayed e-mail is refused with 40003', async () => {
  await using sink = await startSmtpSink();
  await using n = await startTestNotifier({
    smtp: { host: sink.host, port: sink.port, user: null, pass: null, from: 'alerts@example.com' },
  });
  const response = await fetch(`${n.url}/t`, {
    method: 'POST',
    body: 'x',
    headers: { 'X-Email': 'a@example.org', 'X-Delay': '1h' },
  });
  expect(await response.json()).toMatchObject({ code: 40003 });
});
