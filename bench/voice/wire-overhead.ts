// Bytes each media datagram costs on the wire beyond our own packet (header, sealed frame, tag, trailer), IPv4:
// IP 20 + UDP 8 + QUIC short header 19 (flags 1, a 16-byte destination connection id as quiche's examples use,
// a 2-byte packet number) + DATAGRAM frame 3 (type, 2-byte length) + QUIC's AEAD tag 16. The same 66 bytes the
// anchor's §3.5 budget uses (its 94 includes our 12-byte header and 16-byte tag). IPv6 adds 20.

export const QUIC_IPV4_OVERHEAD_BYTES = 20 + 8 + 19 + 3 + 16;

/** kbit/s on the wire for `datagrams` (their own lengths) sent over `durationMs`. */
export function wireKbps(datagramBytes: number, datagrams: number, durationMs: number): number {
  return ((datagramBytes + datagrams * QUIC_IPV4_OVERHEAD_BYTES) * 8) / durationMs;
}
