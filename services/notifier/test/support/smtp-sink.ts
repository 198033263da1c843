// A real SMTP server for tests: records every accepted mail as mailparser reads it, fails or holds DATA on request.

import type { AddressInfo } from 'node:net';
import { waitFor } from '@keel/kit/testing';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface SunkMail {
  /** First address of the From header. */
  readonly from: { readonly name: string; readonly address: string } | null;
  /** Addresses of the To header. */
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly date: Date | null;
  readonly envelope: { readonly mailFrom: string | null; readonly rcptTo: readonly string[] };
  /** The user the client authenticated as, or `null`. */
  readonly user: string | null;
}

export interface SmtpSinkOptions {
  /** Advertise AUTH and accept only these credentials; without it, authentication is optional and any login passes. */
  readonly requireAuth?: { readonly user: string; readonly pass: string };
  /** Answer the first n DATA commands with 451 (a temporary failure the client should retry). */
  readonly failFirst?: number;
  /** Keep every accepted message waiting before the final 250 until `releaseData()`. */
  readonly holdData?: boolean;
}

export interface SmtpSink {
  readonly host: string;
  readonly port: number;
  readonly mails: readonly SunkMail[];
  /** Errors the server emitted (broken connections and the like). */
  readonly errors: readonly Error[];
  /** DATA transfers received and waiting for `releaseData()` (with `holdData`). */
  readonly held: number;
  /** Lets every held and future DATA through. */
  releaseData(): void;
  waitForMails(n: number): Promise<readonly SunkMail[]>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A client still connected when the sink is disposed gets 421 after this long instead of the default 30 s. */
const CLOSE_TIMEOUT_MS = 1_000;

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const errors: Error[] = [];
  let failuresLeft = options.failFirst ?? 0;
  let held = 0;
  const release = Promise.withResolvers<void>();
  if (!options.holdData) release.resolve();

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: options.requireAuth === undefined,
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = options.requireAuth;
      if (expected && (auth.username !== expected.user || auth.password !== expected.pass)) {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        // The message must be read to the end before the reply.
        stream.on('end', () => {
          const error: SMTPServerError = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
        });
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then(async (parsed) => {
          held += 1;
          await release.promise;
          held -= 1;
          const from = parsed.from?.value[0];
          mails.push({
            from: from ? { name: from.name, address: from.address ?? '' } : null,
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            date: parsed.date ?? null,
            envelope: {
              mailFrom: session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address,
              rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  // Connection-level errors (a client resetting its socket) must not crash the test run; tests can assert on them.
  server.on('error', (error) => errors.push(error));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    mails,
    errors,
    get held() {
      return held;
    },
    releaseData: () => release.resolve(),
    waitForMails: (n) => waitFor(() => mails.length >= n && mails, { what: `${n} mail(s) at the SMTP sink` }),
    [Symbol.asyncDispose]: () => {
      release.resolve();
      return new Promise<void>((resolve) => server.close(resolve));
    },
  };
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((object) => object.value.map((address) => address.address ?? ''));
}
