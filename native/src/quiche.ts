// quiche 0.18 through the N-API addon of `@matrixai/quic-linux-x64` (the raw sans-IO Config/Connection API; the
// package's high-level classes are not used). The addon ships no types, so the part we call is typed here.
// A static require keeps the addon inside a `bun build --compile` binary.

export interface HostPort {
  host: string;
  port: number;
}

/** quiche's pacing hint: when to put the packet on the wire (an opaque Instant in the addon). */
export type QuicheInstant = object;

export interface SendInfo {
  from: HostPort;
  to: HostPort;
  at: QuicheInstant;
}

export interface QuicheConnectionError {
  isApp: boolean;
  errorCode: number;
  reason: Uint8Array;
}

export interface QuicheStats {
  recv: number;
  sent: number;
  lost: number;
  retrans: number;
  sentBytes: number;
  recvBytes: number;
  lostBytes: number;
  peerMaxDatagramFrameSize?: number;
}

export interface QuichePathStats {
  rtt: number;
  cwnd: number;
  deliveryRate: number;
}

export interface QuicheConfig {
  verifyPeer(verify: boolean): void;
  setApplicationProtos(protos: string[]): void;
  setMaxIdleTimeout(ms: number): void;
  setMaxRecvUdpPayloadSize(size: number): void;
  setMaxSendUdpPayloadSize(size: number): void;
  setInitialMaxData(bytes: number): void;
  setInitialMaxStreamDataBidiLocal(bytes: number): void;
  setInitialMaxStreamDataBidiRemote(bytes: number): void;
  setInitialMaxStreamDataUni(bytes: number): void;
  setInitialMaxStreamsBidi(count: number): void;
  setInitialMaxStreamsUni(count: number): void;
  setMaxConnectionWindow(bytes: number): void;
  setMaxStreamWindow(bytes: number): void;
  setDisableActiveMigration(disable: boolean): void;
  setCcAlgorithmName(name: string): void;
  enablePacing(enable: boolean): void;
  enableDgram(enabled: boolean, recvQueueLen: number, sendQueueLen: number): void;
}

export interface QuicheConfigConstructor {
  new (): QuicheConfig;
  /** PEM bytes for `ca`, `key` and `cert`; `sigalgs` such as "ed25519" (both ends must agree for Ed25519). */
  withBoringSslCtx(
    verifyPeer: boolean,
    verifyAllowFail: boolean,
    ca: Uint8Array | null,
    key: Uint8Array[] | null,
    cert: Uint8Array[] | null,
    sigalgs: string | null,
  ): QuicheConfig;
}

export interface QuicheConnection {
  recv(data: Uint8Array, info: { from: HostPort; to: HostPort }): number;
  send(out: Uint8Array): [number, SendInfo] | null;
  streamRecv(streamId: number, out: Uint8Array): [number, boolean] | null;
  streamSend(streamId: number, data: Uint8Array, fin: boolean): number | null;
  streamCapacity(streamId: number): number;
  streamFinished(streamId: number): boolean;
  /** Bidirectional streams the peer still lets us open. */
  peerStreamsLeftBidi(): number;
  readable(): Iterable<number>;
  writable(): Iterable<number>;
  /** Copies the next received datagram into `out`; its length, or null when none is queued. */
  dgramRecv(out: Uint8Array): number | null;
  /** Streams with data to read, or queued DATAGRAMs. */
  isReadable(): boolean;
  dgramSend(data: Uint8Array): undefined | null;
  dgramMaxWritableLen(): number | null;
  isDgramSendQueueFull(): boolean;
  dgramSendQueueLen(): number;
  timeout(): number | null;
  onTimeout(): void;
  /** Queues a PING (keep-alive) for the next send. */
  sendAckEliciting(): void;
  close(app: boolean, err: number, reason: Uint8Array): undefined | null;
  applicationProto(): Uint8Array;
  peerCertChain(): Uint8Array[] | null;
  sourceId(): Uint8Array;
  destinationId(): Uint8Array;
  isEstablished(): boolean;
  isDraining(): boolean;
  isClosed(): boolean;
  isTimedOut(): boolean;
  peerError(): QuicheConnectionError | null;
  localError(): QuicheConnectionError | null;
  stats(): QuicheStats;
  pathStats(): QuichePathStats[];
}

export interface QuicheConnectionConstructor {
  connect(
    serverName: string | null,
    scid: Uint8Array,
    local: HostPort,
    remote: HostPort,
    config: QuicheConfig,
  ): QuicheConnection;
  accept(
    scid: Uint8Array,
    odcid: Uint8Array | null,
    local: HostPort,
    remote: HostPort,
    config: QuicheConfig,
  ): QuicheConnection;
}

export interface QuicheHeader {
  ty: number;
  version: number;
  dcid: Uint8Array;
  scid: Uint8Array;
}

export interface QuicheBinding {
  Config: QuicheConfigConstructor;
  Connection: QuicheConnectionConstructor;
  Header: { fromSlice(data: Uint8Array, dcidLength: number): QuicheHeader };
  negotiateVersion(scid: Uint8Array, dcid: Uint8Array, out: Uint8Array): number;
  versionIsSupported(version: number): boolean;
  /** Long-header packet types: Initial 0, Retry 1, Handshake 2, ZeroRTT 3, VersionNegotiation 4, Short 5. */
  Type: { Initial: number; Short: number };
  MAX_CONN_ID_LEN: number;
  MAX_DATAGRAM_SIZE: number;
  PROTOCOL_VERSION: number;
}

export const quiche: QuicheBinding = require('@matrixai/quic-linux-x64') as QuicheBinding;
