// How codec frames become RaptorQ symbols of one block, and back.
//
// A block's symbol size T is one more than its largest frame (at most 255 bytes, so T <= 256, the seed's
// ceiling); each source symbol is the frame's length in one byte, the frame, then zero padding up to T. Source
// packets carry only the frame itself (the receiver rebuilds the padded symbol when it needs it), and repair
// packets carry exactly T bytes, so a receiver learns T from any repair packet's length.

import { FecError } from '../errors.ts';

/** Largest codec frame a block can carry: its length must fit the one-byte prefix. */
export const MAX_FEC_FRAME_BYTES = 255;
/** The seed's symbol size, kept as the ceiling. */
export const MAX_SYMBOL_BYTES = MAX_FEC_FRAME_BYTES + 1;

/** T for a block holding these frames. */
export function symbolSizeFor(frames: readonly Uint8Array[]): number {
  let largest = 0;
  for (const frame of frames) {
    if (frame.length > MAX_FEC_FRAME_BYTES) {
      throw new FecError(`a codec frame of ${frame.length} bytes exceeds the ${MAX_FEC_FRAME_BYTES}-byte FEC limit`);
    }
    largest = Math.max(largest, frame.length);
  }
  return largest + 1;
}

/** The padded source symbol of `frame` in a block of symbol size `size`. */
export function frameToSymbol(frame: Uint8Array, size: number): Uint8Array {
  if (frame.length >= size) {
    throw new FecError(`a frame of ${frame.length} bytes does not fit a ${size}-byte symbol`);
  }
  const symbol = new Uint8Array(size);
  symbol[0] = frame.length;
  symbol.set(frame, 1);
  return symbol;
}

/** The frame inside a recovered source symbol; a length beyond the symbol or non-zero padding is refused. */
export function symbolToFrame(symbol: Uint8Array): Uint8Array {
  const length = symbol[0];
  if (length === undefined || length >= symbol.length) {
    throw new FecError(`recovered symbol claims a ${length ?? 'missing'}-byte frame in ${symbol.length} bytes`);
  }
  for (let i = length + 1; i < symbol.length; i += 1) {
    if (symbol[i] !== 0) throw new FecError('recovered symbol has non-zero padding');
  }
  return symbol.slice(1, length + 1);
}
