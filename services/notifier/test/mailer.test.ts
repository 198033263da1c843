// The mailer against a real SMTP server: delivery, AUTH, retries, background sending, shutdown, metrics.

import { describe, expect, test } from 'bun:test';
import { createLogger } from '@keel/kit';
import { waitFor } from '@keel/kit/testing';
import { Registry } from 'prom-client';
import type { SmtpConfig } from '../src/config.ts';
import { Mailer, type MailerOptions } from '../src/mailer.ts';
import type { Message } from '../src/message.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.ts';

const TIME = 1_700_000_000;

function message(fields: Partial<Message> = {}): Message {
  return {
    id: 'abcDEF123456',
    time: TIME,
    expires: null,
    topic: 'alerts',
    message: 'Health dropped to 1.05',
    title: 'Liquidation risk',
    priority: null,
    tags: [],
    click: null,
    icon: null,
    contentType: null,
    ...fields,
  };
}

interface MailerOverrides extends Partial<Omit<MailerOptions, 'smtp'>> {
  readonly smtp?: Partial<SmtpConfig>;
}

function startMailer(sink: SmtpSink, { smtp, ...overrides }: MailerOverrides = {}) {
  const registry = new Registry();
  const mailer = new Mailer({
    smtp: { host: sink.host, port: sink.port, user: null, pass: null, from: 'notifier@keel.test', ...smtp },
    baseUrl: 'https://ntfy.keel.test',
    logger: createLogger({ level: 'silent' }),
    registry,
    retryBaseMs: 20,
    ...overrides,
  });
  return {
    mailer,
    /** The e-mail series as one value, so a test compares them with one toEqual. */
    async counts() {
      const emails = await registry.getSingleMetric('notifier_emails_total')?.get();
      const retries = await registry.getSingleMetric('notifier_email_retries_total')?.get();
      const outcome = (name: string) => emails?.values.find((v) => v.labels.outcome === name)?.value ?? 0;
      return { sent: outcome('sent'), failed: outcome('failed'), retries: retries?.values[0]?.value ?? 0 };
    },
    [Symbol.asyncDispose]: () => mailer.close(),
  };
}

async function settled(m: ReturnType<typeof startMailer>, total = 1) {
  return waitFor(
    async () => {
      const counts = await m.counts();
      return counts.sent + counts.failed >= total && counts;
    },
    { what: `${total} e-mail(s) to be sent or failed` },
  );
}

describe('Mailer', () => {
  test('delivers the recipient, From, subject and body through SMTP', async () => {
    await using sink = await startSmtpSink();
    await using m = startMailer(sink);
    m.mailer.send('ops@example.org', message({ tags: ['warning', 'vault-7'], priority: 4 }), '203.0.113.7');
    const [mail] = await sink.waitForMails(1);
    expect(mail).toEqual({
      from: { name: 'ntfy.keel.test/alerts', address: 'notifier@keel.test' },
      to: ['ops@example.org'],
      subject: '⚠️ Liquidation risk',
      // The trailing newline is the CRLF that ends the body on the wire, as mailparser reads it.
      text:
        'Health dropped to 1.05\n\nTags: vault-7\nPriority: high\n\n--\n' +
        'This message was sent by 203.0.113.7 at Tue, 14 Nov 2023 22:13:20 UTC via https://ntfy.keel.test/alerts\n',
      date: new Date(TIME * 1000),
      envelope: { mailFrom: 'notifier@keel.test', rcptTo: ['ops@example.org'] },
      user: null,
    });
    expect(await settled(m)).toEqual({ sent: 1, failed: 0, retries: 0 });
    expect(sink.errors).toEqual([]);
  });

  test('keeps a UTF-8 subject and body intact', async () => {
    await using sink = await startSmtpSink();
    await using m = startMailer(sink);
    const body = 'Gesundheit fällt auf 1,05 — Tresor „Ost“ prüfen 🚨\nNächster Check: 5 min';
    m.mailer.send('ops@example.org', message({ title: 'Gesundheit ⚠️ 1.05', message: body, tags: ['bell'] }), '::1');
    const [mail] = await sink.waitForMails(1);
    expect({ subject: mail?.subject, text: mail?.text.split('\n\n--\n')[0] }).toEqual({
      subject: '🔔 Gesundheit ⚠️ 1.05',
      text: body,
    });
  });

  test('authenticates with the configured user and password', async () => {
    await using sink = await startSmtpSink({ requireAuth: { user: 'mailer', pass: 'correct horse' } });
    await using m = startMailer(sink, { smtp: { user: 'mailer', pass: 'correct horse' } });
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    const [mail] = await sink.waitForMails(1);
    expect(mail?.user).toBe('mailer');
    expect(await settled(m)).toEqual({ sent: 1, failed: 0, retries: 0 });
  });

  test('a wrong password fails at once, is counted, and is logged without the password', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) });
    await using sink = await startSmtpSink({ requireAuth: { user: 'mailer', pass: 'correct horse' } });
    await using m = startMailer(sink, { logger, smtp: { user: 'mailer', pass: 'battery staple' } });
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    // A 535 would come back on every try, so it is not retried.
    expect(await settled(m)).toEqual({ sent: 0, failed: 1, retries: 0 });
    expect(sink.mails).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'e-mail not sent',
        messageId: 'abcDEF123456',
        recipientDomain: 'example.org',
        attempts: 1,
        error: expect.stringContaining('535'),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('battery staple');
    expect(JSON.stringify(lines)).not.toContain('ops@');
  });

  test('logs a delivery with the message id and the recipient domain only', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line)) });
    await using sink = await startSmtpSink();
    await using m = startMailer(sink, { logger });
    m.mailer.send('Ops@Example.org', message(), '203.0.113.7');
    await settled(m);
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        msg: 'e-mail sent',
        messageId: 'abcDEF123456',
        smtpMessageId: expect.stringMatching(/^<.+@.+>$/),
        recipientDomain: 'example.org',
      },
    ]);
  });

  test.each([
    { failFirst: 1, maxAttempts: 3, delivered: 1, counts: { sent: 1, failed: 0, retries: 1 } },
    { failFirst: 2, maxAttempts: 3, delivered: 1, counts: { sent: 1, failed: 0, retries: 2 } },
    { failFirst: 3, maxAttempts: 3, delivered: 0, counts: { sent: 0, failed: 1, retries: 2 } },
    { failFirst: 1, maxAttempts: 1, delivered: 0, counts: { sent: 0, failed: 1, retries: 0 } },
  ])(
    'with $failFirst temporary failure(s) and $maxAttempts attempt(s), $delivered mail(s) arrive',
    async ({ failFirst, maxAttempts, delivered, counts }) => {
      await using sink = await startSmtpSink({ failFirst });
      await using m = startMailer(sink, { maxAttempts, retryBaseMs: 20 });
      m.mailer.send('ops@example.org', message(), '203.0.113.7');
      expect(await settled(m)).toEqual(counts);
      expect(sink.mails).toHaveLength(delivered);
    },
  );

  test('send returns before the mail is delivered', async () => {
    await using sink = await startSmtpSink({ holdData: true });
    await using m = startMailer(sink);
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    expect(await m.counts()).toEqual({ sent: 0, failed: 0, retries: 0 });
    // The server holds the message before its final reply: send() has returned while SMTP is still under way.
    await waitFor(() => sink.held === 1, { what: 'the message to reach DATA' });
    expect(await m.counts()).toEqual({ sent: 0, failed: 0, retries: 0 });
    sink.releaseData();
    await sink.waitForMails(1);
    expect(await settled(m)).toEqual({ sent: 1, failed: 0, retries: 0 });
  });

  test('close waits for a send in flight to finish', async () => {
    await using sink = await startSmtpSink({ holdData: true });
    const m = startMailer(sink);
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    await waitFor(() => sink.held === 1, { what: 'the message to reach DATA' });
    const closing = m.mailer.close();
    sink.releaseData();
    await closing;
    // Counted before close() resolved: the outcome of the send was awaited, not abandoned.
    expect(await m.counts()).toEqual({ sent: 1, failed: 0, retries: 0 });
    expect(sink.mails).toHaveLength(1);
  });

  test('close gives up on a send that outlasts its grace period and counts it as failed', async () => {
    const armed: (() => void)[] = [];
    const timers = { set: (callback: () => void) => armed.push(callback), clear: () => {} };
    await using sink = await startSmtpSink({ holdData: true });
    const m = startMailer(sink, { timers });
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    await waitFor(() => sink.held === 1, { what: 'the message to reach DATA' });
    const closing = m.mailer.close();
    expect(armed).toHaveLength(1);
    armed[0]?.();
    await closing;
    expect(await settled(m)).toEqual({ sent: 0, failed: 1, retries: 0 });
  });

  test('close drops a pending retry and counts it as failed', async () => {
    await using sink = await startSmtpSink({ failFirst: 1 });
    const m = startMailer(sink, { retryBaseMs: 60_000 });
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    await waitFor(async () => (await m.counts()).retries === 1, { what: 'the first attempt to fail' });
    await m.mailer.close();
    expect(await m.counts()).toEqual({ sent: 0, failed: 1, retries: 1 });
    expect(sink.mails).toEqual([]);
  });

  test('a send after close is counted as failed, not thrown', async () => {
    await using sink = await startSmtpSink();
    const m = startMailer(sink);
    await m.mailer.close();
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    expect(await m.counts()).toEqual({ sent: 0, failed: 1, retries: 0 });
  });

  test('waits twice as long before each further retry', async () => {
    const delays: number[] = [];
    const timers = {
      set: (callback: () => void, ms: number) => {
        delays.push(ms);
        return setTimeout(callback, 0);
      },
      clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    await using sink = await startSmtpSink({ failFirst: 3 });
    await using m = startMailer(sink, { maxAttempts: 4, retryBaseMs: 2_000, timers });
    m.mailer.send('ops@example.org', message(), '203.0.113.7');
    expect(await settled(m)).toEqual({ sent: 1, failed: 0, retries: 3 });
    expect(delays).toEqual([2_000, 4_000, 8_000]);
  });
});
