// RelayServer: the running relay: the QUIC endpoint, its sessions and rooms, auth, metrics and shutdown.

import { deriveKeys } from '@keel/identity';
import type { Logger } from '@keel/kit';
import { initSignatures } from '@keel/voice';
import {
  APP_CLOSE_REFUSED,
  identityCertificate,
  QuicEndpoint,
  type QuicSession,
  type SocketAddress,
  type SocketBuffers,
  VERSION_ALPN,
} from '@keel/voice-transport';
import { Registry } from 'prom-client';
import { authenticateToken } from './auth-client.ts';
import { buildVersion } from './build-version.ts';
import { ForwardConnection } from './forward-connection.ts';
import type { RelayConfig } from './relay-config.ts';
import { RelayConnection, type RelayContext } from './relay-connection.ts';
import { versionLine } from './relay-help.ts';
import { endpointMetrics, forgetSession, type RelayMetrics, relayMetrics } from './relay-metrics.ts';
import { RoomRegistry } from './rooms.ts';

/** Per-session gauges are refreshed, and idle sessions looked for, at this rate. */
const SAMPLE_INTERVAL_MS = 1_000;
/**
 * Idle expiry (the seed leaves it open): a member in a call that sent no media or signal for 60 s is hung up with
 * `Timeout`; a member waiting alone in a room may wait 10 minutes. A connection that goes silent altogether ends
 * earlier, at QUIC's 30 s idle timeout.
 */
export const IDLE_IN_CALL_MS = 60_000;
export const IDLE_WAITING_MS = 600_000;

export interface RelayServerOptions {
  readonly config: RelayConfig;
  /** Idle limits (defaults IDLE_IN_CALL_MS and IDLE_WAITING_MS). */
  readonly idle?: { readonly inCallMs: number; readonly waitingMs: number };
  /** The relay's identity seed (identity file). */
  readonly seed: Uint8Array;
  readonly log: Logger;
}

export class RelayServer {
  readonly fingerprint: string;
  readonly registry = new Registry();
  readonly metrics: RelayMetrics = relayMetrics(this.registry);
  readonly #endpoint: QuicEndpoint;
  readonly #rooms = new RoomRegistry<RelayConnection>();
  readonly #connections = new Set<RelayConnection>();
  readonly #forwards = new Set<ForwardConnection>();
  readonly #log: Logger;
  /** Samples the per-session gauges once a second. */
  readonly #sampler: ReturnType<typeof setInterval>;

  readonly #idle: { readonly inCallMs: number; readonly waitingMs: number };

  private constructor(
    endpoint: QuicEndpoint,
    fingerprint: string,
    log: Logger,
    idle: { readonly inCallMs: number; readonly waitingMs: number },
  ) {
    this.#endpoint = endpoint;
    this.fingerprint = fingerprint;
    this.#log = log;
    this.#idle = idle;
    this.#sampler = setInterval(() => this.#sample(), SAMPLE_INTERVAL_MS);
    endpointMetrics(this.registry, () => endpoint.counters());
  }

  static async start({
    config,
    seed,
    log,
    idle = { inCallMs: IDLE_IN_CALL_MS, waitingMs: IDLE_WAITING_MS },
  }: RelayServerOptions): Promise<RelayServer> {
    await initSignatures();
    const keys = await deriveKeys(seed);
    const tls = identityCertificate(keys.ed25519);
    let server: RelayServer | null = null;
    const endpoint = await QuicEndpoint.bind({
      host: config.listenAddr.host,
      port: config.listenAddr.port,
      tls,
      onSession: (session) => server?.accept(session, config),
    });
    server = new RelayServer(endpoint, tls.fingerprint, log, idle);
    return server;
  }

  get address(): { host: string; port: number } {
    return this.#endpoint.address;
  }

  get socketBuffers(): SocketBuffers | null {
    return this.#endpoint.socketBuffers;
  }

  get sessionCount(): number {
    return this.#connections.size + this.#forwards.size;
  }

  /** Hangs up every call, closes every connection and the socket. */
  stop(): void {
    clearInterval(this.#sampler);
    for (const connection of [...this.#connections, ...this.#forwards]) connection.hangUp('Normal');
    this.#endpoint.close();
  }

  /** Forward mode: the client's session is paired with a connection of ours to the remote relay. */
  #acceptForward(session: QuicSession, config: RelayConfig, remote: SocketAddress): void {
    if (this.#connections.size + this.#forwards.size >= config.maxSessions) {
      session.handlers = { ...session.handlers, established: () => session.close('RelayFull', APP_CLOSE_REFUSED) };
      return;
    }
    const peer = config.peers.find((p) => p.url.host === remote.host && p.url.port === remote.port);
    const upstream = this.#endpoint.connect(
      remote,
      peer === undefined ? { insecure: true } : { fingerprint: peer.fingerprint },
    );
    const forward = new ForwardConnection(session, upstream, {
      log: this.#log,
      requireAuth: config.authUrl !== null,
      jitterTargetDepth: config.jitterTargetDepth,
      jitterMaxDepth: config.jitterMaxDepth,
      authenticate: (token) => this.#authenticate(config.authUrl as string, token, session.id),
      closed: (connection) => {
        this.#forwards.delete(connection);
        this.#updateSessionGauge();
      },
    });
    this.#forwards.add(forward);
    this.#updateSessionGauge();
  }

  async #authenticate(authUrl: string, token: string, sessionId: string): Promise<boolean> {
    const result = await authenticateToken(authUrl, token);
    this.metrics.authAttempts.inc({ result: result.valid ? 'ok' : 'fail' });
    if (result.valid) this.#log.info('client authenticated', { session: sessionId, fingerprint: result.fingerprint });
    else this.#log.warn('authentication refused', { session: sessionId, reason: result.reason });
    return result.valid;
  }

  #updateSessionGauge(): void {
    this.metrics.activeSessions.set(this.#connections.size + this.#forwards.size);
  }

  #sample(): void {
    const now = Date.now();
    for (const connection of this.#connections) {
      const limit = connection.state === 'in-call' ? this.#idle.inCallMs : this.#idle.waitingMs;
      if (connection.idleFor(now) > limit) {
        this.#log.info('idle session expired', { session: connection.session.id, state: connection.state });
        connection.hangUp('Timeout');
        continue;
      }
      connection.sampleInbound(now);
      const labels = { session_id: connection.session.id };
      this.metrics.sessionJitterDepth.set(labels, connection.forwarderDepth);
      this.metrics.sessionLoss.set(labels, connection.reportedLossPct);
      const rtt = connection.session.conn.pathStats()[0]?.rtt;
      if (rtt !== undefined) this.metrics.sessionRtt.set(labels, rtt);
      const { underruns, overruns } = connection.takeBufferEvents();
      if (underruns > 0) this.metrics.sessionUnderruns.inc(labels, underruns);
      if (overruns > 0) this.metrics.sessionOverruns.inc(labels, overruns);
    }
  }

  /** A new client connection (called by the endpoint). */
  accept(session: QuicSession, config: RelayConfig): void {
    if (config.remoteRelay !== null) {
      this.#acceptForward(session, config, config.remoteRelay);
      return;
    }
    const started = performance.now();
    const context: RelayContext = {
      log: this.#log,
      requireAuth: config.authUrl !== null,
      jitterTargetDepth: config.jitterTargetDepth,
      jitterMaxDepth: config.jitterMaxDepth,
      authenticate: async (token) => {
        const result = await authenticateToken(config.authUrl as string, token);
        this.metrics.authAttempts.inc({ result: result.valid ? 'ok' : 'fail' });
        if (result.valid)
          this.#log.info('client authenticated', { session: session.id, fingerprint: result.fingerprint });
        else this.#log.warn('authentication refused', { session: session.id, reason: result.reason });
        return result.valid;
      },
      join: (room, member) => {
        const others = this.#rooms.join(room, member);
        this.metrics.activeRooms.set(this.#rooms.size);
        return others;
      },
      leave: (room, member) => {
        this.#rooms.leave(room, member);
        this.metrics.activeRooms.set(this.#rooms.size);
      },
      forwarded: (room, bytes) => this.metrics.forwarded(room, bytes),
      recovered: (room) => this.metrics.fecRecovered.inc({ room }),
      closed: (connection) => {
        this.#connections.delete(connection);
        this.#updateSessionGauge();
        forgetSession(this.metrics, connection.session.id);
      },
    };
    const connection = new RelayConnection(session, context);
    const onEstablished = session.handlers.established;
    session.handlers = {
      ...session.handlers,
      established: () => {
        if (session.applicationProtocol === VERSION_ALPN) {
          // `voice --version-check`: the answer is the close reason.
          session.close(versionLine(buildVersion()));
          return;
        }
        this.metrics.handshakeDuration.observe((performance.now() - started) / 1000);
        onEstablished();
      },
    };
    if (this.#connections.size >= config.maxSessions) {
      // Let the handshake finish so the client can read why, then refuse.
      session.handlers = { ...session.handlers, established: () => connection.hangUp('RelayFull') };
      return;
    }
    this.#connections.add(connection);
    this.#updateSessionGauge();
  }
}
