// Hex: lowercase hex <-> bytes for keys and vectors, with a typed error for malformed input.

import { InvalidVectorInputError } from '../errors.ts';

const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Lowercase hex; on the relay's receive path (connection ids), so one table lookup per byte. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += BYTE_HEX[b];
  return out;
}

/** Parses hex (either case, no prefix); `length` in bytes is checked when given. */
export function fromHex(field: string, hex: string, length?: number): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new InvalidVectorInputError({ field, message: 'must be an even number of hex digits' });
  }
  if (length !== undefined && hex.length !== length * 2) {
    throw new InvalidVectorInputError({ field, message: `must be ${length} bytes (${length * 2} hex digits)` });
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
