// QuicSession: one QUIC connection of the voice system, as signals and media datagrams.
//
// Signals travel one per bidirectional stream (4-byte length framing, the sender finishes its side after the frame);
// media travels in DATAGRAM frames. The endpoint feeds received UDP packets in and flushes what quiche wants to send;
// the session reads streams and datagrams after every packet, keeps quiche's timer armed, sends a keep-alive PING
// every 5 s, and on a client checks the relay's certificate fingerprint as soon as the handshake completes.

import { timingSafeEqual } from 'node:crypto';
import type { HostPort, QuicheConnection } from '@keel/native';
import { encodeFrame, type FramerOutput, type Signal, SignalFramer } from '@keel/voice';
import { certificateFingerprint } from './certificate.ts';
import { KEEP_ALIVE_MS } from './quic-config.ts';

/** How the client checks the relay: a pinned fingerprint, or an explicit (warned) opt-out. */
export type PeerVerification = { readonly fingerprint: string } | { readonly insecure: true } | null;

export type CloseReason =
  | { readonly kind: 'local'; readonly reason: string }
  | { readonly kind: 'peer'; readonly code: number; readonly reason: string }
  | { readonly kind: 'idle-timeout' }
  | { readonly kind: 'fingerprint-mismatch'; readonly expected: string; readonly actual: string }
  | { readonly kind: 'transport-error'; readonly code: number; readonly reason: string };

export interface SessionHandlers {
  established(): void;
  signal(output: FramerOutput): void;
  datagram(payload: Uint8Array): void;
  closed(reason: CloseReason): void;
}

/** What the endpoint provides to a session: flushing its packets and forgetting it. */
export interface SessionHost {
  scheduleFlush(session: QuicSession): void;
  flushNow(session: QuicSession): void;
  release(session: QuicSession): void;
}

/**
 * One read buffer for every session: each read is consumed (the framer copies, datagrams are sliced) before any
 * handler runs, so sessions never see each other's bytes; per session it would be 64 KiB of resident memory each.
 */
const READ_BUFFER = new Uint8Array(65_536);
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Application close codes (QUIC CONNECTION_CLOSE, application variant). */
export const APP_CLOSE_NORMAL = 0;
export const APP_CLOSE_REFUSED = 1;
/**
 * A pin mismatch closes at the transport level as TLS alert bad_certificate (RFC 9001 §4.8: 0x100 + 42): the
 * client has not finished its handshake then, and quiche 0.18 sends no application close in that state.
 */
export const CLOSE_BAD_CERTIFICATE = 0x100 + 42;

export class QuicSession {
  readonly id: string;
  readonly remote: HostPort;
  readonly isClient: boolean;
  readonly conn: QuicheConnection;
  handlers: SessionHandlers = { established() {}, signal() {}, datagram() {}, closed() {} };
  readonly #host: SessionHost;
  readonly #verification: PeerVerification;
  readonly #framers = new Map<number, SignalFramer>();
  /** Bytes of signal frames quiche has not taken yet, per stream (flow control). */
  readonly #pending = new Map<number, Uint8Array>();
  /** Frames waiting for the peer to allow another stream (its MAX_STREAMS limit). */
  readonly #outbox: Uint8Array[] = [];
  #nextStreamId: number;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #keepAlive: ReturnType<typeof setInterval> | null = null;
  #established = false;
  /** The handshake finished and was looked at (pinning), whatever the verdict. */
  #handshakeSeen = false;
  #closed = false;
  #closeReason: CloseReason | null = null;
  #datagramsDropped = 0;

  constructor(options: {
    id: string;
    conn: QuicheConnection;
    remote: HostPort;
    isClient: boolean;
    host: SessionHost;
    verification: PeerVerification;
  }) {
    this.id = options.id;
    this.conn = options.conn;
    this.remote = options.remote;
    this.isClient = options.isClient;
    this.#host = options.host;
    this.#verification = options.verification;
    // RFC 9000 §2.1: client-initiated bidirectional streams are 0, 4, 8 ...; server-initiated 1, 5, 9 ...
    this.#nextStreamId = options.isClient ? 0 : 1;
  }

  get established(): boolean {
    return this.#established;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The ALPN both ends agreed on (empty before the handshake). */
  get applicationProtocol(): string {
    return decoder.decode(this.conn.applicationProto());
  }

  /** Datagrams refused because quiche's send queue was full or the datagram too large. */
  get datagramsDropped(): number {
    return this.#datagramsDropped;
  }

  /** Opens a stream, writes the signal's frame and finishes the stream (queued while the peer's stream limit is hit). */
  sendSignal(signal: Signal): void {
    if (this.#closed) return;
    this.#outbox.push(encodeFrame(signal));
    if (this.#established) this.#openStreams();
    this.#host.scheduleFlush(this);
  }

  /** Queues one media datagram; false when it was dropped (queue full, too large, or not yet established). */
  sendDatagram(payload: Uint8Array): boolean {
    if (this.#closed || !this.#established) return false;
    try {
      if (this.conn.dgramSend(payload) === null) {
        this.#datagramsDropped += 1;
        return false;
      }
    } catch {
      this.#datagramsDropped += 1;
      return false;
    }
    this.#host.flushNow(this);
    return true;
  }

  /** Largest datagram payload the peer accepts now, or null before the handshake. */
  maxDatagramSize(): number | null {
    return this.#established ? this.conn.dgramMaxWritableLen() : null;
  }

  close(reason = 'normal', code = APP_CLOSE_NORMAL, app = true): void {
    if (this.#closed) return;
    this.#closeReason ??= { kind: 'local', reason };
    try {
      this.conn.close(app, code, encoder.encode(reason));
    } catch {
      // Already closing: quiche refuses a second close.
    }
    this.#host.scheduleFlush(this);
    this.afterIo();
  }

  /** Called by the endpoint after a packet went into the connection or a timer fired. */
  afterIo(): void {
    if (this.#closed) return;
    if (!this.#handshakeSeen && this.conn.isEstablished()) this.#onEstablished();
    if (this.#established) {
      // readable() and writable() build iterator objects across N-API (≈ 4 µs each): only called when there is
      // something to find. isReadable() also counts queued datagrams, so those are read first.
      this.#readDatagrams();
      if (this.conn.isReadable()) this.#readStreams();
      if (this.#pending.size > 0) for (const streamId of this.conn.writable()) this.#writePending(streamId);
      this.#openStreams();
    }
    if (this.conn.isClosed()) this.#teardown();
  }

  /** Re-arms the timer from quiche's next deadline; called after every flush. */
  armTimer(): void {
    if (this.#closed) return;
    if (this.#timer !== null) clearTimeout(this.#timer);
    const ms = this.conn.timeout();
    this.#timer =
      ms === null
        ? null
        : setTimeout(() => {
            this.#timer = null;
            this.conn.onTimeout();
            this.afterIo();
            this.#host.scheduleFlush(this);
          }, ms);
  }

  #onEstablished(): void {
    this.#handshakeSeen = true;
    if (this.isClient && this.#verification !== null && 'fingerprint' in this.#verification) {
      const expected = this.#verification.fingerprint;
      const der = this.conn.peerCertChain()?.[0];
      let actual = '';
      try {
        actual = der === undefined ? '' : certificateFingerprint(der);
      } catch {
        actual = '';
      }
      const a = encoder.encode(actual);
      const b = encoder.encode(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        this.#closeReason = { kind: 'fingerprint-mismatch', expected, actual: actual || '(unreadable certificate)' };
        this.close('fingerprint mismatch', CLOSE_BAD_CERTIFICATE, false);
        return;
      }
    }
    this.#established = true;
    this.#keepAlive = setInterval(() => {
      this.conn.sendAckEliciting();
      this.#host.scheduleFlush(this);
    }, KEEP_ALIVE_MS);
    this.handlers.established();
  }

  #readStreams(): void {
    for (const streamId of this.conn.readable()) {
      let framer = this.#framers.get(streamId);
      if (framer === undefined) {
        framer = new SignalFramer();
        this.#framers.set(streamId, framer);
      }
      for (;;) {
        let result: [number, boolean] | null;
        try {
          result = this.conn.streamRecv(streamId, READ_BUFFER);
        } catch {
          this.#framers.delete(streamId); // reset by the peer: the partial frame is dropped
          break;
        }
        if (result === null) break;
        const [length, fin] = result;
        for (const output of framer.push(READ_BUFFER.subarray(0, length))) this.handlers.signal(output);
        if (fin) {
          for (const output of framer.finish()) this.handlers.signal(output);
          this.#framers.delete(streamId);
          this.#finishOwnSide(streamId);
          break;
        }
      }
    }
  }

  /**
   * A signal stream carries one frame one way; on a stream the peer opened, we finish our unused side with an empty
   * FIN so the stream completes and quiche returns its credit to the peer (MAX_STREAMS).
   */
  #finishOwnSide(streamId: number): void {
    const peerOpened = (streamId & 1) === (this.isClient ? 1 : 0);
    if (!peerOpened) return;
    try {
      this.conn.streamSend(streamId, new Uint8Array(0), true);
    } catch {
      // The peer reset the stream meanwhile: nothing to finish.
    }
  }

  /** Each datagram is read into a scratch buffer and handed out as its own copy (cheaper than quiche's own copy). */
  #readDatagrams(): void {
    for (;;) {
      const length = this.conn.dgramRecv(READ_BUFFER);
      if (length === null) return;
      this.handlers.datagram(READ_BUFFER.slice(0, length));
    }
  }

  #openStreams(): void {
    while (this.#outbox.length > 0 && this.conn.peerStreamsLeftBidi() > 0) {
      const streamId = this.#nextStreamId;
      this.#nextStreamId += 4;
      this.#pending.set(streamId, this.#outbox.shift() as Uint8Array);
      this.#writePending(streamId);
    }
  }

  #writePending(streamId: number): void {
    const bytes = this.#pending.get(streamId);
    if (bytes === undefined) return;
    let written: number | null = 0;
    try {
      written = this.conn.streamSend(streamId, bytes, true);
    } catch {
      this.#pending.delete(streamId);
      return;
    }
    if (written === null || written < bytes.length) this.#pending.set(streamId, bytes.subarray(written ?? 0));
    else this.#pending.delete(streamId);
  }

  /** Ends the session at once, without waiting for quiche's draining period (the endpoint is shutting down). */
  terminate(): void {
    if (this.#closed) return;
    this.#closeReason ??= { kind: 'local', reason: 'endpoint closed' };
    this.#teardown();
  }

  #teardown(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    if (this.#keepAlive !== null) clearInterval(this.#keepAlive);
    this.#timer = null;
    this.#keepAlive = null;
    this.#host.release(this);
    this.handlers.closed(this.#closeReason ?? this.#reasonFromConnection());
  }

  #reasonFromConnection(): CloseReason {
    if (this.conn.isTimedOut()) return { kind: 'idle-timeout' };
    const peer = this.conn.peerError();
    if (peer !== null) {
      const reason = decoder.decode(peer.reason);
      return peer.isApp
        ? { kind: 'peer', code: peer.errorCode, reason }
        : { kind: 'transport-error', code: peer.errorCode, reason };
    }
    const local = this.conn.localError();
    if (local !== null) return { kind: 'transport-error', code: local.errorCode, reason: decoder.decode(local.reason) };
    return { kind: 'local', reason: 'closed' };
  }
}
