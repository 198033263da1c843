// How a block's payloads become RaptorQ symbols, and back. A payload is one source packet's sealed body
// (ciphertext and tag), so FEC works on what travels end to end encrypted and a relay can repair without keys.
//
// A block's symbol size T is one more than its longest payload (at most 255 bytes, so T <= 256, the seed's
// ceiling); each source symbol is the payload's length in one byte, the payload, then zero padding up to T. Source
// packets carry only the payload itself (the receiver rebuilds the padded symbol when it needs it), and repair
// packets carry exactly T bytes, so a receiver learns T from any repair packet's length.

import { FecError } from '../errors.ts';

/** Largest payload a block can carry: its length must fit the one-byte prefix. */
export const MAX_FEC_PAYLOAD_BYTES = 255;
/** The seed's symbol size, kept as the ceiling. */
export const MAX_SYMBOL_BYTES = MAX_FEC_PAYLOAD_BYTES + 1;

/** T for a block holding these payloads. */
export function symbolSizeFor(payloads: readonly Uint8Array[]): number {
  let largest = 0;
  for (const payload of payloads) {
    if (payload.length > MAX_FEC_PAYLOAD_BYTES) {
      throw new FecError(`a payload of ${payload.length} bytes exceeds the ${MAX_FEC_PAYLOAD_BYTES}-byte FEC limit`);
    }
    largest = Math.max(largest, payload.length);
  }
  return largest + 1;
}

/** The padded source symbol of `payload` in a block of symbol size `size`. */
export function payloadToSymbol(payload: Uint8Array, size: number): Uint8Array {
  if (payload.length >= size) {
    throw new FecError(`a payload of ${payload.length} bytes does not fit a ${size}-byte symbol`);
  }
  const symbol = new Uint8Array(size);
  symbol[0] = payload.length;
  symbol.set(payload, 1);
  return symbol;
}

/** The payload inside a recovered source symbol; a length beyond the symbol or non-zero padding is refused. */
export function symbolToPayload(symbol: Uint8Array): Uint8Array {
  const length = symbol[0];
  if (length === undefined || length >= symbol.length) {
    throw new FecError(`recovered symbol claims a ${length ?? 'missing'}-byte payload in ${symbol.length} bytes`);
  }
  for (let i = length + 1; i < symbol.length; i += 1) {
    if (symbol[i] !== 0) throw new FecError('recovered symbol has non-zero padding');
  }
  return symbol.slice(1, length + 1);
}
