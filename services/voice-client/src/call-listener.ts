// CallListener: the callee's end of a direct call (`voice listen`). It listens on a UDP port with a TLS certificate
// derived from its identity, so a caller pins the listener's fingerprint exactly as it pins a relay's, and answers
// the first caller's CallOffer. Later callers are refused with Hangup Busy while that call lasts.

import type { HostPort } from '@keel/native';
import { type HangupReason, initSignatures } from '@keel/voice';
import { APP_CLOSE_REFUSED, identityCertificate, QuicEndpoint, type QuicSession } from '@keel/voice-transport';
import { type CallOptions, VoiceCall } from './voice-call.ts';

export interface ListenOptions extends CallOptions {
  /** Address to bind; port 0 picks one. */
  readonly host: string;
  readonly port: number;
}

export class CallListener {
  readonly #endpoint: QuicEndpoint;
  /** The identity fingerprint a caller pins (`voice call --peer-fingerprint`). */
  readonly fingerprint: string;
  #call: VoiceCall | null = null;
  readonly #waiters: ((call: VoiceCall) => void)[] = [];

  private constructor(endpoint: QuicEndpoint, fingerprint: string) {
    this.#endpoint = endpoint;
    this.fingerprint = fingerprint;
  }

  static async listen(options: ListenOptions): Promise<CallListener> {
    await initSignatures();
    const tls = identityCertificate(options.identity.ed25519);
    let listener: CallListener | null = null;
    const endpoint = await QuicEndpoint.bind({
      host: options.host,
      port: options.port,
      tls,
      onSession: (session) => {
        if (listener !== null) listener.#accept(session, options);
      },
    });
    listener = new CallListener(endpoint, tls.fingerprint);
    return listener;
  }

  get address(): HostPort {
    return this.#endpoint.address;
  }

  /** Resolves with the first call that connects. */
  accepted(): Promise<VoiceCall> {
    if (this.#call !== null) return Promise.resolve(this.#call);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Closes the socket and every connection on it. */
  close(): void {
    this.#endpoint.close();
  }

  #accept(session: QuicSession, options: CallOptions): void {
    if (this.#call !== null && this.#call.ended === null) {
      refuse(session, 'Busy');
      return;
    }
    this.#call = VoiceCall.answering(this.#endpoint, session, options);
    for (const resolve of this.#waiters.splice(0)) resolve(this.#call);
  }
}

/** Lets the handshake finish so the caller can read why, then hangs up. */
function refuse(session: QuicSession, reason: HangupReason): void {
  session.handlers = {
    ...session.handlers,
    established: () => {
      session.sendSignal({ type: 'Hangup', reason });
      session.close(reason, APP_CLOSE_REFUSED);
    },
  };
}
