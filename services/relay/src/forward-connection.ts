// ForwardConnection: one client's session in forward mode (`remote_relay`): everything goes on to the remote relay
// over a QUIC connection of our own, and everything it sends comes back.
//
// Signals pass through unchanged both ways (rooms, offers and answers are the remote relay's business, and the call
// keys stay at the two ends). When this relay has an auth_url, the client's AuthToken is checked here first and
// then passed on too. Media goes through a MediaForwarder per direction, so each hop gets its own FEC repair.

import type { Logger } from '@keel/kit';
import { type FramerOutput, HANGUP_REASONS, type HangupReason, type Signal } from '@keel/voice';
import type { CloseReason, QuicSession } from '@keel/voice-transport';
import { MediaForwarder } from './media-forwarder.ts';

export interface ForwardContext {
  readonly log: Logger;
  readonly requireAuth: boolean;
  readonly jitterTargetDepth: number;
  readonly jitterMaxDepth: number;
  authenticate(token: string): Promise<boolean>;
  closed(connection: ForwardConnection): void;
}

export class ForwardConnection {
  readonly session: QuicSession;
  readonly #upstream: QuicSession;
  readonly #context: ForwardContext;
  /** Signals from the client held until its AuthToken passed (or until the upstream connection is up). */
  #held: Signal[] = [];
  #authorized: boolean;
  #closing = false;
  readonly #toRemote: MediaForwarder;
  readonly #toClient: MediaForwarder;

  constructor(session: QuicSession, upstream: QuicSession, context: ForwardContext) {
    this.session = session;
    this.#upstream = upstream;
    this.#context = context;
    this.#authorized = !context.requireAuth;
    const forwarder = (to: QuicSession) =>
      new MediaForwarder({
        send: (datagram) => to.sendDatagram(datagram),
        jitterTargetDepth: context.jitterTargetDepth,
        jitterMaxDepth: context.jitterMaxDepth,
        hopLossPct: () => 0,
      });
    this.#toRemote = forwarder(upstream);
    this.#toClient = forwarder(session);
    session.handlers = {
      established: () => {},
      signal: (output) => this.#fromClient(output),
      datagram: (payload) => this.#toRemote.ingest(Date.now(), payload),
      closed: () => this.#end(upstream),
    };
    upstream.handlers = {
      established: () => this.#flush(),
      signal: (output) => {
        if (output.ok) session.sendSignal(output.signal);
      },
      datagram: (payload) => this.#toClient.ingest(Date.now(), payload),
      closed: (reason) => {
        if (!this.#closing) context.log.warn('remote relay connection ended', { session: session.id, reason });
        this.#end(session, hangupFor(reason));
      },
    };
  }

  get forwarderDepth(): number {
    return this.#toClient.depth;
  }

  hangUp(reason: HangupReason): void {
    this.session.sendSignal({ type: 'Hangup', reason });
    this.session.close(reason);
  }

  #fromClient(output: FramerOutput): void {
    if (!output.ok) {
      this.hangUp('ProtocolError');
      return;
    }
    const signal = output.signal;
    if (!this.#authorized && this.#held.length === 0 && signal.type !== 'AuthToken') {
      this.hangUp('AuthFailed');
      return;
    }
    this.#held.push(signal);
    if (!this.#authorized && signal.type === 'AuthToken' && this.#held.length === 1) {
      this.#context.authenticate(signal.token).then(
        (ok) => {
          if (!ok) {
            this.hangUp('AuthFailed');
            return;
          }
          this.#authorized = true;
          this.#flush();
        },
        () => this.hangUp('AuthFailed'),
      );
      return;
    }
    this.#flush();
  }

  /** Passes held signals on once the client is authorized and the remote relay is reachable. */
  #flush(): void {
    if (!this.#authorized || !this.#upstream.established) return;
    for (const signal of this.#held.splice(0)) this.#upstream.sendSignal(signal);
  }

  /** One side ended: the other is closed too; the client hears why the remote side ended. */
  #end(other: QuicSession, reason: HangupReason = 'Normal'): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#toRemote.stop();
    this.#toClient.stop();
    if (other === this.session) this.hangUp(reason);
    else other.close('Normal');
    this.#context.closed(this);
  }
}

/** What the client is told when the connection to the remote relay ends. */
function hangupFor(reason: CloseReason): HangupReason {
  switch (reason.kind) {
    case 'peer':
      return (HANGUP_REASONS as readonly string[]).includes(reason.reason)
        ? (reason.reason as HangupReason)
        : 'ProtocolError';
    case 'fingerprint-mismatch':
      return 'IdentityMismatch';
    case 'idle-timeout':
      return 'Timeout';
    case 'transport-error':
      return 'ProtocolError';
    case 'local':
      return 'Normal';
  }
}
