// Nonce: the 12-byte AEAD nonce, derived and never sent: session id ‖ u32 BE packet index ‖ direction ‖ 0 0 0.

import { ByteCursor } from '../codec/byte-cursor.ts';
import { SESSION_ID_LENGTH } from './session-keys.ts';

export const NONCE_LENGTH = 12;

/**
 * Who sent the packet. Both ends build the same nonce for a packet, and the caller's and the callee's packets
 * under one key differ in byte 8, so the two directions never share a (key, nonce) pair.
 */
export const Direction = { FromCaller: 0, FromCallee: 1 } as const;
export type Direction = (typeof Direction)[keyof typeof Direction];

export function buildNonce(sessionId: Uint8Array, index: number, direction: Direction): Uint8Array {
  if (sessionId.length !== SESSION_ID_LENGTH) throw new RangeError(`session id must be ${SESSION_ID_LENGTH} bytes`);
  if (!Number.isInteger(index) || index < 0 || index > 0xffff_ffff) throw new RangeError(`index out of u32: ${index}`);
  if (direction !== 0 && direction !== 1) throw new RangeError(`direction must be 0 or 1: ${direction}`);
  const out = new Uint8Array(NONCE_LENGTH);
  const cursor = new ByteCursor(out, 'nonce');
  cursor.writeBytes(sessionId);
  cursor.writeU32(index);
  cursor.writeU8(direction);
  // bytes 9-11 stay zero
  return out;
}
