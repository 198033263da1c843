// @keel/voice-transport: QUIC (quiche) over Bun UDP for the voice relay and clients, and the relay's certificate.

export {
  CertificateError,
  certificateFingerprint,
  type IdentityCertificate,
  identityCertificate,
} from './certificate.ts';
export {
  ALPN,
  CONNECTION_ID_LENGTH,
  clientConfig,
  IDLE_TIMEOUT_MS,
  KEEP_ALIVE_MS,
  type ServerTls,
  serverConfig,
  VERSION_ALPN,
} from './quic-config.ts';
export { type EndpointCounters, type EndpointOptions, QuicEndpoint } from './quic-endpoint.ts';
export {
  APP_CLOSE_NORMAL,
  APP_CLOSE_REFUSED,
  CLOSE_BAD_CERTIFICATE,
  type CloseReason,
  type PeerVerification,
  QuicSession,
  type SessionHandlers,
} from './quic-session.ts';
export { formatSocketAddress, parseSocketAddress, type SocketAddress } from './socket-address.ts';
export { SOCKET_BUFFER_BYTES, type SocketBuffers } from './socket-buffers.ts';
