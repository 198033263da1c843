// Sends e-mail notifications over SMTP in the background: queue, retry with backoff, log and count each outcome.

import { type Logger, systemTimers, type Timers } from '@keel/kit';
import nodemailer, { type SMTPPoolOptions, type SMTPPoolSentMessageInfo, type Transporter } from 'nodemailer';
import { Counter, type Registry } from 'prom-client';
import type { SmtpConfig } from './config.ts';
import { formatMail, type MailContent } from './mail-format.ts';
import type { Message } from './message.ts';

/** Enough for a slow server to greet and answer, short enough that a dead one does not hold a pooled slot long. */
const SMTP_TIMEOUT_MS = 10_000;
/** One try and two retries ride out a restart of the relay without piling up mail for a server that is gone. */
const DEFAULT_MAX_ATTEMPTS = 3;
/** First retry after 2 s, then 4 s: a 4xx greylisting or a blip usually clears within that. */
const DEFAULT_RETRY_BASE_MS = 2_000;
/** How long close() waits for sends in flight before cutting them off; below a typical stop grace. */
const CLOSE_GRACE_MS = 10_000;

export interface MailerOptions {
  readonly smtp: SmtpConfig;
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly registry: Registry;
  /** Tries per e-mail, the first included. */
  readonly maxAttempts?: number;
  /** Wait before the first retry; doubles for each further one. */
  readonly retryBaseMs?: number;
  readonly timers?: Timers;
}

interface Job {
  readonly mail: MailContent;
  readonly messageId: string;
  readonly recipientDomain: string;
  attempt: number;
}

export class Mailer {
  readonly #options: MailerOptions;
  readonly #maxAttempts: number;
  readonly #retryBaseMs: number;
  readonly #timers: Timers;
  readonly #transport: Transporter<SMTPPoolSentMessageInfo, SMTPPoolOptions>;
  readonly #sent: Counter<'outcome'>;
  readonly #retries: Counter;
  /** Retry timers waiting to fire, with the job each one resends. */
  readonly #waiting = new Map<unknown, Job>();
  readonly #inFlight = new Set<Promise<void>>();
  #closed = false;
  #closing: Promise<void> | null = null;

  constructor(options: MailerOptions) {
    this.#options = options;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    this.#retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
    this.#timers = options.timers ?? systemTimers;
    const { host, port, user, pass } = options.smtp;
    this.#transport = nodemailer.createTransport({
      pool: true,
      host,
      port,
      // Plain connection upgraded with STARTTLS when the server offers it (as Go's smtp.SendMail does).
      secure: false,
      requireTLS: false,
      auth: user === null ? undefined : { user, pass: pass ?? '' },
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    // Per-message failures arrive through sendMail; this is for anything the transport reports outside a send.
    this.#transport.on('error', (error: Error) =>
      options.logger.error('SMTP transport error', { error: this.#describe(error) }),
    );
    this.#sent = new Counter({
      name: 'notifier_emails_total',
      help: 'E-mail notifications by final outcome: sent, failed',
      labelNames: ['outcome'],
      registers: [options.registry],
    });
    this.#retries = new Counter({
      name: 'notifier_email_retries_total',
      help: 'E-mail send attempts that failed and were scheduled again',
      registers: [options.registry],
    });
  }

  /** Queues `message` for `to` and returns at once; the outcome is logged and counted, never thrown. */
  send(to: string, message: Message, senderIp: string): void {
    const job: Job = {
      mail: formatMail(message, { baseUrl: this.#options.baseUrl, from: this.#options.smtp.from, to, senderIp }),
      messageId: message.id,
      recipientDomain: domainOf(to),
      attempt: 0,
    };
    if (this.#closed) {
      this.#fail(job, 'mailer is closed');
      return;
    }
    this.#attempt(job);
  }

  /** Drops pending retries (as failures), waits up to 10 s for sends in flight, then closes the SMTP pool. */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #close(): Promise<void> {
    this.#closed = true;
    for (const [handle, job] of this.#waiting) {
      this.#timers.clear(handle);
      this.#fail(job, 'mailer closed before the retry');
    }
    this.#waiting.clear();

    let graceTimer: unknown = null;
    const graceOver = new Promise<'timeout'>((resolve) => {
      graceTimer = this.#timers.set(() => resolve('timeout'), CLOSE_GRACE_MS);
    });
    const drained = Promise.all(this.#inFlight).then(() => 'drained' as const);
    const result = await Promise.race([drained, graceOver]);
    this.#timers.clear(graceTimer);
    if (result === 'timeout') {
      // Ends the connections still delivering; their sends then fail and are logged as such.
      this.#options.logger.warn('closing the mailer with e-mails still in flight', { inFlight: this.#inFlight.size });
      this.#transport.close({ force: true });
      return;
    }
    this.#transport.close();
  }

  #attempt(job: Job): void {
    job.attempt += 1;
    const sending = this.#transport
      .sendMail({ ...job.mail, envelope: { from: this.#options.smtp.from, to: job.mail.to } })
      .then(
        (info) => this.#succeed(job, info.messageId),
        (error: unknown) => this.#attemptFailed(job, error),
      );
    this.#inFlight.add(sending);
    void sending.finally(() => this.#inFlight.delete(sending));
  }

  #succeed(job: Job, smtpMessageId: string): void {
    this.#sent.inc({ outcome: 'sent' });
    this.#options.logger.info('e-mail sent', {
      messageId: job.messageId,
      smtpMessageId,
      recipientDomain: job.recipientDomain,
    });
  }

  #attemptFailed(job: Job, error: unknown): void {
    const reason = this.#describe(error);
    // A 5xx reply (bad credentials, unknown mailbox) would come back the same; only transient failures are retried.
    if (this.#closed || isPermanent(error) || job.attempt >= this.#maxAttempts) {
      this.#fail(job, reason);
      return;
    }
    const delayMs = this.#retryBaseMs * 2 ** (job.attempt - 1);
    this.#retries.inc();
    this.#options.logger.debug('e-mail attempt failed, retrying', {
      messageId: job.messageId,
      recipientDomain: job.recipientDomain,
      attempt: job.attempt,
      delayMs,
      error: reason,
    });
    const handle = this.#timers.set(() => {
      this.#waiting.delete(handle);
      this.#attempt(job);
    }, delayMs);
    this.#waiting.set(handle, job);
  }

  #fail(job: Job, reason: string): void {
    this.#sent.inc({ outcome: 'failed' });
    this.#options.logger.warn('e-mail not sent', {
      messageId: job.messageId,
      recipientDomain: job.recipientDomain,
      attempts: job.attempt,
      error: reason,
    });
  }

  // Only the message: nodemailer errors carry the SMTP transcript line, never the password, but redact to be sure.
  #describe(error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    const pass = this.#options.smtp.pass;
    return pass ? text.replaceAll(pass, '[redacted]') : text;
  }
}

function isPermanent(error: unknown): boolean {
  return error instanceof Error && 'permanent' in error && error.permanent === true;
}

/** The part after the last `@`: enough to tell providers apart without logging whom we mail. */
function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? '' : address.slice(at + 1).toLowerCase();
}
