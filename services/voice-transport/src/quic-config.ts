// The QUIC settings of the voice system (seed "Limits"), as quiche Config objects for the relay and for clients.
//
// Mapping of the seed's figures onto quiche 0.18 (the addon's version):
// - idle timeout 30 s: max_idle_timeout. Keep-alive 5 s: quiche has none, QuicSession sends a PING itself.
// - receive window 256 KB: initial_max_data; stream window 64 KB: initial_max_stream_data_bidi_*.
// - send window 128 KB: quiche has no sender-side window (the peer's receive window bounds what we send); the
//   DATAGRAM send queue is capped at 128 KB worth of 1,200-byte packets, so at most that much media waits.
// - DATAGRAM receive buffer 64 KB: the receive queue holds 64 KB worth of datagrams, and the session drains it after
//   every UDP read, so it never fills in practice. quiche's default queue length is 0 (nothing can be queued).
// - initial RTT 300 ms: quiche 0.18 has no setting for it (its default is 333 ms); not applied.
// - pacing: quiche computes `SendInfo.at`, but this addon hands it out as an opaque external that JS cannot read,
//   so pacing is switched off and packets go out as soon as quiche yields them (voice is far below the cwnd).

import { type QuicheConfig, quiche } from '@keel/native';

export const ALPN = 'voice';
/** A connection that only asks the relay's version: the relay closes it with `voice-relay <hash>` as the reason. */
export const VERSION_ALPN = 'voice-version';
export const IDLE_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_MS = 5_000;
export const RECEIVE_WINDOW_BYTES = 256 * 1024;
export const SEND_WINDOW_BYTES = 128 * 1024;
export const STREAM_WINDOW_BYTES = 64 * 1024;
export const DATAGRAM_RECEIVE_BUFFER_BYTES = 64 * 1024;
/** UDP payload we send and accept: QUIC's minimum maximum, safe on any path without PMTU discovery. */
export const MAX_UDP_PAYLOAD = 1_200;
/** Signals each open a stream; plenty for a call's lifetime of Pings, Rekeys and QualityUpdates per window. */
const MAX_STREAMS_BIDI = 1_000;
/** Connection ids we issue: 16 bytes, as quiche's examples (the wire-overhead figures assume this). */
export const CONNECTION_ID_LENGTH = 16;
/** The certificate key is the relay's Ed25519 identity key; both ends must offer only Ed25519. */
const SIGNATURE_ALGORITHMS = 'ed25519';

export interface ServerTls {
  readonly certificatePem: Uint8Array;
  readonly privateKeyPem: Uint8Array;
}

function applyLimits(config: QuicheConfig, protocols: string[]): QuicheConfig {
  config.setApplicationProtos(protocols);
  config.setMaxIdleTimeout(IDLE_TIMEOUT_MS);
  config.setMaxRecvUdpPayloadSize(MAX_UDP_PAYLOAD);
  config.setMaxSendUdpPayloadSize(MAX_UDP_PAYLOAD);
  config.setInitialMaxData(RECEIVE_WINDOW_BYTES);
  config.setInitialMaxStreamDataBidiLocal(STREAM_WINDOW_BYTES);
  config.setInitialMaxStreamDataBidiRemote(STREAM_WINDOW_BYTES);
  config.setInitialMaxStreamDataUni(0);
  config.setInitialMaxStreamsBidi(MAX_STREAMS_BIDI);
  config.setInitialMaxStreamsUni(0);
  config.setDisableActiveMigration(true);
  config.enablePacing(false);
  config.enableDgram(
    true,
    Math.floor(DATAGRAM_RECEIVE_BUFFER_BYTES / 64),
    Math.floor(SEND_WINDOW_BYTES / MAX_UDP_PAYLOAD),
  );
  return config;
}

/** The relay's side: presents the identity certificate; clients are not asked for one. */
export function serverConfig(tls: ServerTls): QuicheConfig {
  return applyLimits(
    quiche.Config.withBoringSslCtx(false, false, null, [tls.privateKeyPem], [tls.certificatePem], SIGNATURE_ALGORITHMS),
    [ALPN, VERSION_ALPN],
  );
}

/**
 * A client's side. The relay's certificate is self-signed, so the chain is not verified by a CA; the session pins
 * its fingerprint after the handshake instead (QuicSession).
 */
export function clientConfig(alpn: string = ALPN): QuicheConfig {
  return applyLimits(quiche.Config.withBoringSslCtx(false, false, null, null, null, SIGNATURE_ALGORITHMS), [alpn]);
}
