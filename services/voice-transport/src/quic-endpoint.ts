// QuicEndpoint: one UDP socket (Bun) carrying many QUIC connections (quiche), for the relay and for clients.
//
// The connection table is keyed by the connection ids we issue (hex), plus the client's original destination id
// until the handshake is over. Every received packet goes to its connection; sends are batched: sessions that have
// something to send are flushed in a microtask after each received packet (or timer), media datagrams are each
// built into their own QUIC packet at once, and all the packets of one flush leave in one sendMany call.
//
// Acknowledgements are delayed: a packet received on an established connection does not flush it; its ACK rides on
// the next packet that connection sends (in a call, the media going the other way, within 20 ms), or goes alone after
// ACK_DELAY_MS. quiche 0.18 acknowledges in whatever it sends next and has no delayed-ACK timer of its own, so
// flushing after every received datagram would send one ACK-only packet per media datagram: half of all packets.

import { type HostPort, quiche } from '@keel/native';
import { toHex } from '@keel/voice';
import type { udp } from 'bun';
import {
  ALPN,
  CONNECTION_ID_LENGTH,
  clientConfig,
  MAX_UDP_PAYLOAD,
  type ServerTls,
  serverConfig,
} from './quic-config.ts';
import { type PeerVerification, QuicSession, type SessionHost } from './quic-session.ts';
import { type SocketBuffers, setSocketBuffers } from './socket-buffers.ts';

type UdpSocket = udp.Socket<'uint8array'>;

/** Longest an acknowledgement waits for a packet to ride on; below quiche's advertised max_ack_delay (25 ms). */
const ACK_DELAY_MS = 10;
/** Packets one session may build per flush; far above a congestion window's worth of voice (≈ 10-100). */
const MAX_PACKETS_PER_DRAIN = 512;

export interface EndpointOptions {
  /** Address to bind: `0.0.0.0` / `127.0.0.1` and a port (0 picks one). */
  readonly host: string;
  readonly port: number;
  /** Present to accept connections (the relay); absent for a client-only endpoint. */
  readonly tls?: ServerTls;
  /** Called for each connection a client opens to us, before its handshake completes. */
  readonly onSession?: (session: QuicSession) => void;
  /** Packets that could not be parsed or matched, for metrics and logs. */
  readonly onDrop?: (reason: string) => void;
}

export interface EndpointCounters {
  readonly packetsIn: number;
  readonly packetsOut: number;
  readonly sendCalls: number;
  readonly dropped: number;
  /** Flushes stopped at MAX_PACKETS_PER_DRAIN (see #drain). */
  readonly drainsCut: number;
}

export class QuicEndpoint implements SessionHost {
  readonly #socket: UdpSocket;
  readonly #local: HostPort;
  readonly #options: EndpointOptions;
  readonly #sessions = new Map<string, QuicSession>();
  /** Every table key of a session (its own id and the client's original id), for release. */
  readonly #keys = new Map<QuicSession, string[]>();
  readonly #dirty = new Set<QuicSession>();
  /** Packets built this turn, as sendMany takes them: bytes, port, host, ... */
  #batch: (Uint8Array | number | string)[] = [];
  #flushQueued = false;
  /** Sessions that received packets and owe an acknowledgement (see the top of this file). */
  readonly #ackDue = new Set<QuicSession>();
  #ackTimer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;
  readonly #out = new Uint8Array(MAX_UDP_PAYLOAD);
  #packetsIn = 0;
  #packetsOut = 0;
  #sendCalls = 0;
  #dropped = 0;
  #drainsCut = 0;

  /** The socket's buffer sizes as the kernel granted them (null where they could not be set). */
  readonly socketBuffers: SocketBuffers | null;

  private constructor(socket: UdpSocket, local: HostPort, options: EndpointOptions) {
    this.#socket = socket;
    // bun-types does not declare the descriptor Bun's UDP socket carries.
    this.socketBuffers = setSocketBuffers((socket as UdpSocket & { readonly fd: number }).fd);
    this.#local = local;
    this.#options = options;
  }

  static async bind(options: EndpointOptions): Promise<QuicEndpoint> {
    let endpoint: QuicEndpoint | null = null;
    const socket = await Bun.udpSocket({
      hostname: options.host,
      port: options.port,
      binaryType: 'uint8array',
      socket: {
        data(_socket, data, port, address) {
          endpoint?.receive(data, { host: address, port });
        },
        // An ICMP "port unreachable" for an earlier send (a peer that went away) arrives as ECONNREFUSED on the
        // next receive; it concerns one peer, never the endpoint, so it is counted and otherwise ignored.
        error(...args: unknown[]) {
          const error = args.find((arg) => arg instanceof Error);
          endpoint?.socketError(error instanceof Error ? error.message : 'unknown socket error');
        },
      },
    });
    endpoint = new QuicEndpoint(socket, { host: options.host, port: socket.port }, options);
    return endpoint;
  }

  get address(): HostPort {
    return this.#local;
  }

  get sessionCount(): number {
    return this.#keys.size;
  }

  counters(): EndpointCounters {
    return {
      packetsIn: this.#packetsIn,
      packetsOut: this.#packetsOut,
      sendCalls: this.#sendCalls,
      dropped: this.#dropped,
      drainsCut: this.#drainsCut,
    };
  }

  /** Opens a connection to a relay or peer (an IP address; resolve names before). */
  connect(remote: HostPort, verification: PeerVerification, alpn: string = ALPN): QuicSession {
    const scid = crypto.getRandomValues(new Uint8Array(CONNECTION_ID_LENGTH));
    const conn = quiche.Connection.connect('voice-relay', scid, this.#local, remote, clientConfig(alpn));
    const session = new QuicSession({ id: toHex(scid), conn, remote, isClient: true, host: this, verification });
    this.#register(session, [session.id]);
    this.scheduleFlush(session);
    return session;
  }

  /** Closes every connection, sends the closes, ends the sessions and closes the socket. */
  close(): void {
    if (this.#closed) return;
    const sessions = [...this.#keys.keys()];
    for (const session of sessions) session.close('endpoint closing');
    this.#flushAll();
    this.#closed = true;
    if (this.#ackTimer !== null) clearTimeout(this.#ackTimer);
    for (const session of sessions) session.terminate();
    this.#socket.close();
  }

  scheduleFlush(session: QuicSession): void {
    if (this.#closed) return;
    this.#dirty.add(session);
    this.#queueFlush();
  }

  /**
   * The flush runs as a microtask: after the current received packet (or timer, or caller) has been handled, so one
   * sendMany carries everything that packet caused (the forwarded datagram, this connection's ACK).
   * Deferring it further, to setImmediate after all the packets of one socket read, would batch more, but then
   * quiche 0.18 sometimes (about 1 test run in 20 under load, 0 in 40 this way) returned Handshake packets from
   * send() without end on a client just past its handshake.
   */
  #queueFlush(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    queueMicrotask(() => this.#flushAll());
  }

  release(session: QuicSession): void {
    this.#ackDue.delete(session);
    for (const key of this.#keys.get(session) ?? []) this.#sessions.delete(key);
    this.#keys.delete(session);
  }

  receive(data: Uint8Array, from: HostPort): void {
    if (this.#closed) return;
    this.#packetsIn += 1;
    let session = this.#sessions.get(shortHeaderDcid(data));
    if (session === undefined) {
      // Long headers (the handshake) through quiche's parser; short ones are read above without crossing N-API.
      let header: ReturnType<typeof quiche.Header.fromSlice>;
      try {
        header = quiche.Header.fromSlice(data, CONNECTION_ID_LENGTH);
      } catch {
        this.#drop('unparsable QUIC header');
        return;
      }
      session = this.#sessions.get(toHex(header.dcid)) ?? this.#accept(header, from);
      if (session === undefined) return;
    }
    try {
      session.conn.recv(data, { from, to: this.#local });
    } catch {
      this.#drop('packet refused by the connection');
    }
    session.afterIo();
    // Only 1-RTT packets wait for their ACK; handshake packets (long headers) are answered at once.
    if (isShortHeader(data) && session.established && !session.closed) this.#deferAck(session);
    else this.scheduleFlush(session);
  }

  #deferAck(session: QuicSession): void {
    this.#ackDue.add(session);
    this.#ackTimer ??= setTimeout(() => {
      this.#ackTimer = null;
      for (const due of this.#ackDue) this.#dirty.add(due);
      this.#ackDue.clear();
      this.#flushAll();
    }, ACK_DELAY_MS);
  }

  #accept(header: { ty: number; version: number; dcid: Uint8Array }, from: HostPort): QuicSession | undefined {
    const tls = this.#options.tls;
    if (tls === undefined || header.ty !== quiche.Type.Initial) {
      this.#drop('packet for an unknown connection');
      return undefined;
    }
    if (!quiche.versionIsSupported(header.version)) {
      this.#drop(`unsupported QUIC version ${header.version}`);
      return undefined;
    }
    const scid = crypto.getRandomValues(new Uint8Array(CONNECTION_ID_LENGTH));
    const conn = quiche.Connection.accept(scid, null, this.#local, from, serverConfig(tls));
    const session = new QuicSession({
      id: toHex(scid),
      conn,
      remote: from,
      isClient: false,
      host: this,
      verification: null,
    });
    // The client keeps using its random original id until it learns ours.
    this.#register(session, [session.id, toHex(header.dcid)]);
    this.#options.onSession?.(session);
    return session;
  }

  #register(session: QuicSession, keys: string[]): void {
    for (const key of keys) this.#sessions.set(key, session);
    this.#keys.set(session, keys);
  }

  #flushAll(): void {
    this.#flushQueued = false;
    for (const session of this.#dirty) this.#drain(session);
    this.#dirty.clear();
    const batch = this.#batch;
    this.#batch = [];
    if (batch.length === 0 || this.#closed) return;
    this.#packetsOut += batch.length / 3;
    this.#sendCalls += 1;
    this.#socket.sendMany(batch);
  }

  /**
   * Builds what one session has queued into packets now; they leave with the turn's batch. Media datagrams go this
   * way, one per QUIC packet: left queued, quiche would pack a block's source and repair datagrams into one UDP
   * packet, and one loss would take them all.
   */
  flushNow(session: QuicSession): void {
    if (this.#closed) return;
    this.#drain(session);
    this.#queueFlush();
  }

  #drain(session: QuicSession): void {
    this.#ackDue.delete(session);
    const batch = this.#batch;
    for (let built = 0; ; built += 1) {
      if (built === MAX_PACKETS_PER_DRAIN) {
        // A safety net: quiche 0.18 has been seen returning packets from send() without end (see #queueFlush); the
        // packets built so far leave and the session is flushed again next turn, instead of the batch growing.
        this.#drainsCut += 1;
        setImmediate(() => this.scheduleFlush(session));
        break;
      }
      let sent: ReturnType<typeof session.conn.send>;
      try {
        sent = session.conn.send(this.#out);
      } catch {
        break;
      }
      if (sent === null) break;
      const [length, info] = sent;
      batch.push(this.#out.slice(0, length), info.to.port, info.to.host);
    }
    session.afterIo();
    session.armTimer();
  }

  /** A socket-level error (see bind). */
  socketError(message: string): void {
    this.#drop(`socket error: ${message}`);
  }

  #drop(reason: string): void {
    this.#dropped += 1;
    this.#options.onDrop?.(reason);
  }
}

/**
 * The table key of a short-header packet (RFC 9000 §17.3: first bit 0, then our fixed-length destination id); ''
 * for a long header or a packet too short to hold one, which then goes through quiche's parser.
 */
function isShortHeader(data: Uint8Array): boolean {
  return data.length > CONNECTION_ID_LENGTH && ((data[0] as number) & 0x80) === 0;
}

function shortHeaderDcid(data: Uint8Array): string {
  if (!isShortHeader(data)) return '';
  return toHex(data.subarray(1, 1 + CONNECTION_ID_LENGTH));
}
