// RelayConnection: one client's QUIC session at the relay, from authentication to the end of its call.
//
// Room mode, end to end (docs/voice-protocol.md §4.3): a client joins with a signed CallOffer naming its room. The
// relay checks the signature and holds the member. When a second member joins, the relay forwards the newcomer's
// CallOffer to the member already waiting, who answers with its own signed CallAnswer; the relay forwards that back.
// The two ends derive the call key from each other's ephemeral keys; the relay never has one. From then on the
// relay forwards signals (Rekey, QualityUpdate, IceCandidate, Hangup) and media (MediaForwarder) between them and
// answers Pings itself (the hop's RTT).

import type { Logger } from '@keel/kit';
import {
  type CallOffer,
  decodeQualityTrailer,
  type FramerOutput,
  type HangupReason,
  PathMonitor,
  QUALITY_TRAILER_LENGTH,
  type Signal,
  verifyCallOffer,
} from '@keel/voice';
import { APP_CLOSE_REFUSED, type CloseReason, type QuicSession } from '@keel/voice-transport';
import { MediaForwarder } from './media-forwarder.ts';

export type ConnectionState = 'auth' | 'authenticating' | 'offer' | 'waiting' | 'in-call' | 'closed';

/** What a connection needs from the relay around it. */
export interface RelayContext {
  readonly log: Logger;
  readonly requireAuth: boolean;
  readonly jitterTargetDepth: number;
  readonly jitterMaxDepth: number;
  authenticate(token: string): Promise<boolean>;
  join(room: string, member: RelayConnection): RelayConnection[] | null;
  leave(room: string, member: RelayConnection): void;
  forwarded(room: string, bytes: number): void;
  recovered(room: string): void;
  closed(connection: RelayConnection): void;
}

export class RelayConnection {
  readonly session: QuicSession;
  readonly #context: RelayContext;
  #state: ConnectionState;
  #room: string | null = null;
  /** Signals that arrived while the AuthToken was being checked, handled once it passes. */
  #held: Signal[] = [];
  #peer: RelayConnection | null = null;
  /** Media from this client towards its peer. */
  #forwarder: MediaForwarder | null = null;
  /** Loss this client reports for the hop from the relay (its quality trailers). */
  #reportedLossPct = 0;
  #reportedEvents = { underruns: 0, overruns: 0 };
  /** Loss of this client's media on its way in (source sequence gaps), refreshed by sampleInbound(). */
  readonly #inbound = new PathMonitor();
  #inboundLossPct = 0;
  /** When the client last sent a signal or media (QUIC keep-alives do not count). */
  #lastActivity = Date.now();

  constructor(session: QuicSession, context: RelayContext) {
    this.session = session;
    this.#context = context;
    this.#state = context.requireAuth ? 'auth' : 'offer';
    session.handlers = {
      established: () => {},
      signal: (output) => this.#onSignal(output),
      datagram: (payload) => this.#onDatagram(payload),
      closed: (reason) => this.#onClosed(reason),
    };
  }

  get state(): ConnectionState {
    return this.#state;
  }

  get room(): string | null {
    return this.#room;
  }

  /** Milliseconds since the client last sent a signal or media. */
  idleFor(now: number): number {
    return now - this.#lastActivity;
  }

  /** Loss of this client's media on its hop into the relay, before FEC. */
  get inboundLossPct(): number {
    return this.#inboundLossPct;
  }

  /** Closes one measuring interval of the inbound loss (the server calls it each second). */
  sampleInbound(now: number): void {
    this.#inboundLossPct = this.#inbound.report(now).lossPct;
  }

  get reportedLossPct(): number {
    return this.#reportedLossPct;
  }

  get forwarderDepth(): number {
    return this.#forwarder?.depth ?? 0;
  }

  /** Buffer underruns and overruns of this client's media since the last call (for the per-session counters). */
  takeBufferEvents(): { underruns: number; overruns: number } {
    const counters = this.#forwarder?.counters();
    const now = { underruns: counters?.underruns ?? 0, overruns: counters?.overruns ?? 0 };
    const delta = {
      underruns: now.underruns - this.#reportedEvents.underruns,
      overruns: now.overruns - this.#reportedEvents.overruns,
    };
    this.#reportedEvents = now;
    return delta;
  }

  /** Ends this client's part: tells it why, leaves the room, closes the connection. */
  hangUp(reason: HangupReason): void {
    if (this.#state === 'closed') return;
    this.session.sendSignal({ type: 'Hangup', reason });
    this.session.close(reason, reason === 'Normal' ? 0 : APP_CLOSE_REFUSED);
  }

  /** Pairs this waiting member with a newcomer: the newcomer's offer goes to this member, who answers it. */
  pairWith(newcomer: RelayConnection, offer: CallOffer): void {
    this.#link(newcomer);
    newcomer.#link(this);
    this.session.sendSignal(offer);
  }

  #link(peer: RelayConnection): void {
    this.#peer = peer;
    this.#state = 'in-call';
    this.#forwarder = new MediaForwarder({
      send: (datagram) => {
        if (peer.session.sendDatagram(datagram) && this.#room !== null)
          this.#context.forwarded(this.#room, datagram.length);
      },
      jitterTargetDepth: this.#context.jitterTargetDepth,
      jitterMaxDepth: this.#context.jitterMaxDepth,
      hopLossPct: () => peer.reportedLossPct,
      onRecovered: () => {
        if (this.#room !== null) this.#context.recovered(this.#room);
      },
      farEndInboundLossPct: () => peer.inboundLossPct,
    });
  }

  #onSignal(output: FramerOutput): void {
    this.#lastActivity = Date.now();
    if (!output.ok) {
      this.#context.log.warn('bad signal', { session: this.session.id, code: output.error.code });
      this.hangUp('ProtocolError');
      return;
    }
    const signal = output.signal;
    switch (this.#state) {
      case 'auth':
        this.#onAuth(signal);
        return;
      case 'authenticating':
        this.#held.push(signal);
        return;
      case 'offer':
        this.#onOffer(signal);
        return;
      case 'waiting':
      case 'in-call':
        this.#onCallSignal(signal);
        return;
      case 'closed':
        return;
    }
  }

  #onAuth(signal: Signal): void {
    if (signal.type !== 'AuthToken') {
      this.hangUp('AuthFailed');
      return;
    }
    this.#state = 'authenticating';
    this.#context.authenticate(signal.token).then(
      (ok) => {
        if (this.#state !== 'authenticating') return;
        if (!ok) {
          this.hangUp('AuthFailed');
          return;
        }
        this.#state = 'offer';
        const held = this.#held;
        this.#held = [];
        for (const signal of held) this.#onSignal({ ok: true, signal });
      },
      () => this.hangUp('AuthFailed'),
    );
  }

  #onOffer(signal: Signal): void {
    if (signal.type !== 'CallOffer') {
      this.hangUp('ProtocolError');
      return;
    }
    const verdict = verifyCallOffer(signal);
    if (!verdict.ok) {
      this.hangUp('BadSignature');
      return;
    }
    if (signal.room === null) {
      // A call to the relay itself (forward mode handles room-less offers before they get here).
      this.hangUp('Declined');
      return;
    }
    const others = this.#context.join(signal.room, this);
    if (others === null) {
      this.hangUp('Busy');
      return;
    }
    this.#room = signal.room;
    const waiting = others[0];
    if (waiting === undefined) {
      this.#state = 'waiting';
      return;
    }
    waiting.pairWith(this, signal);
  }

  #onCallSignal(signal: Signal): void {
    switch (signal.type) {
      case 'Ping':
        this.session.sendSignal({ type: 'Pong', timestampMs: signal.timestampMs });
        return;
      case 'Pong':
      case 'AuthToken':
        return;
      case 'CallOffer':
        this.hangUp('ProtocolError');
        return;
      default:
        this.#peer?.session.sendSignal(signal);
        if (signal.type === 'Hangup') this.session.close('Normal');
    }
  }

  #onDatagram(payload: Uint8Array): void {
    this.#lastActivity = Date.now();
    if (this.#state !== 'in-call' || this.#forwarder === null) return;
    const now = Date.now();
    const header = this.#forwarder.ingest(now, payload);
    if (header === null || header.repair) return;
    // The hop's loss, and the loss this client reports (in clear after the tag of its source packets).
    this.#inbound.onPacket(header.seq, header.timestamp, payload.length, now);
    if (header.quality) {
      this.#reportedLossPct = decodeQualityTrailer(payload.subarray(payload.length - QUALITY_TRAILER_LENGTH)).lossPct;
    }
  }

  #onClosed(reason: CloseReason): void {
    this.#state = 'closed';
    this.#forwarder?.stop();
    if (this.#room !== null) this.#context.leave(this.#room, this);
    const peer = this.#peer;
    this.#peer = null;
    if (peer !== null && peer.#peer === this) {
      peer.#peer = null;
      peer.#forwarder?.stop();
      peer.#forwarder = null;
      peer.#reportedEvents = { underruns: 0, overruns: 0 };
      peer.#state = 'waiting';
      // The peer learns its call ended; a Hangup this client sent was already forwarded.
      if (reason.kind !== 'local' || reason.reason !== 'Normal') {
        peer.session.sendSignal({ type: 'Hangup', reason: reason.kind === 'idle-timeout' ? 'Timeout' : 'Normal' });
      }
    }
    this.#context.closed(this);
  }
}
