// The relay's Prometheus metrics: every voice_relay_* and voice_probe_* series of the seed, with its type and labels.
// Per-session series are removed when the session ends, so a long-running relay does not accumulate them.

import { tallyCounter } from '@keel/kit';
import type { EndpointCounters } from '@keel/voice-transport';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export function relayMetrics(registry: Registry) {
  const registers = [registry];
  // Per datagram: tallied in plain numbers, moved into the counters when they are read.
  const packetsForwarded = tallyCounter({
    name: 'voice_relay_packets_forwarded_total',
    help: 'Media datagrams forwarded, by room',
    label: 'room',
    registry,
  });
  const bytesForwarded = tallyCounter({
    name: 'voice_relay_bytes_forwarded_total',
    help: 'Media bytes forwarded, by room',
    label: 'room',
    registry,
  });
  return {
    activeSessions: new Gauge({ name: 'voice_relay_active_sessions', help: 'QUIC sessions open', registers }),
    activeRooms: new Gauge({ name: 'voice_relay_active_rooms', help: 'Rooms with at least one member', registers }),
    /** Counts one forwarded datagram of `bytes` in `room`. */
    forwarded(room: string, bytes: number): void {
      packetsForwarded.add(room);
      bytesForwarded.add(room, bytes);
    },
    // Ours, beyond the seed's list: source packets the relay rebuilt from repair symbols before forwarding.
    fecRecovered: new Counter({
      name: 'voice_relay_fec_recovered_total',
      help: 'Source packets rebuilt from FEC repair symbols, by room',
      labelNames: ['room'],
      registers,
    }),
    authAttempts: new Counter({
      name: 'voice_relay_auth_attempts_total',
      help: 'AuthToken checks against auth_url, by result',
      labelNames: ['result'],
      registers,
    }),
    handshakeDuration: new Histogram({
      name: 'voice_relay_handshake_duration_seconds',
      help: 'From the first packet of a connection to its QUIC handshake completing',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    sessionJitterDepth: new Gauge({
      name: 'voice_relay_session_jitter_buffer_depth',
      help: 'Packets held by the relay for a session',
      labelNames: ['session_id'],
      registers,
    }),
    sessionLoss: new Gauge({
      name: 'voice_relay_session_loss_pct',
      help: 'Loss a session reports for the hop from the relay',
      labelNames: ['session_id'],
      registers,
    }),
    sessionRtt: new Gauge({
      name: 'voice_relay_session_rtt_ms',
      help: 'QUIC round-trip time of a session',
      labelNames: ['session_id'],
      registers,
    }),
    sessionUnderruns: new Counter({
      name: 'voice_relay_session_underruns_total',
      help: 'Playout ticks that found the relay buffer empty',
      labelNames: ['session_id'],
      registers,
    }),
    sessionOverruns: new Counter({
      name: 'voice_relay_session_overruns_total',
      help: 'Packets evicted from a full relay buffer',
      labelNames: ['session_id'],
      registers,
    }),
    probeRtt: new Gauge({ name: 'voice_probe_rtt_ms', help: 'Probe RTT', labelNames: ['target'], registers }),
    probeLoss: new Gauge({ name: 'voice_probe_loss_pct', help: 'Probe loss', labelNames: ['target'], registers }),
    probeJitter: new Gauge({ name: 'voice_probe_jitter_ms', help: 'Probe jitter', labelNames: ['target'], registers }),
    probeUp: new Gauge({
      name: 'voice_probe_up',
      help: '1 when the probe target answers',
      labelNames: ['target'],
      registers,
    }),
  };
}

export type RelayMetrics = ReturnType<typeof relayMetrics>;

/** Ours, beyond the seed's list: the UDP endpoint's own counts, read from it at every scrape. */
export function endpointMetrics(registry: Registry, counters: () => EndpointCounters): void {
  const fromEndpoint = (name: string, help: string, read: (c: EndpointCounters) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(counters()));
      },
    });
  fromEndpoint(
    'voice_relay_packets_dropped_total',
    'UDP packets dropped before any session: unparsable, for an unknown connection, or socket errors',
    (c) => c.dropped,
  );
  fromEndpoint(
    'voice_relay_send_flushes_cut_total',
    'Flushes stopped at the per-connection packet cap (a guard against quiche looping in send())',
    (c) => c.drainsCut,
  );
}

/** Drops every per-session series of `sessionId`. */
export function forgetSession(metrics: RelayMetrics, sessionId: string): void {
  for (const metric of [
    metrics.sessionJitterDepth,
    metrics.sessionLoss,
    metrics.sessionRtt,
    metrics.sessionUnderruns,
    metrics.sessionOverruns,
  ]) {
    metric.remove({ session_id: sessionId });
  }
}
