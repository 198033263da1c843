// Datagram limit: refuse to send a sealed packet that does not fit the transport's maximum datagram size.

import { DatagramTooLargeError } from '../errors.ts';

/**
 * Throws DatagramTooLargeError when `packet` exceeds `maxDatagramSize` (for QUIC, the connection's current
 * `dgramMaxWritableLen`); the driver asks its transport for the limit and passes it in. Returns the packet so a
 * send reads `send(checkDatagramSize(packet, limit))`.
 */
export function checkDatagramSize(packet: Uint8Array, maxDatagramSize: number): Uint8Array {
  if (!Number.isInteger(maxDatagramSize) || maxDatagramSize < 0) {
    throw new RangeError(`maxDatagramSize must be a non-negative integer: ${maxDatagramSize}`);
  }
  if (packet.length > maxDatagramSize) throw new DatagramTooLargeError({ size: packet.length, limit: maxDatagramSize });
  return packet;
}
