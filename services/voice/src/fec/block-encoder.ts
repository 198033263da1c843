// The sending side of FEC for one block: the repair symbols of K payloads (sealed source packet bodies).

import { FecError } from '../errors.ts';
import { payloadToSymbol, symbolSizeFor } from './block-symbols.ts';
import { gfAddScaled } from './gf256.ts';
import { MAX_ESI, MAX_SOURCE_SYMBOLS, raptorqCode } from './raptorq-code.ts';

/** Repair symbols ESI K .. K + count - 1 of a block whose source symbols are `payloads` (ESI 0 .. K - 1). */
export function encodeRepairSymbols(payloads: readonly Uint8Array[], count: number): Uint8Array[] {
  const k = payloads.length;
  if (k < 1 || k > MAX_SOURCE_SYMBOLS) {
    throw new FecError(`a block holds 1..${MAX_SOURCE_SYMBOLS} payloads, got ${k}`);
  }
  if (!Number.isInteger(count) || count < 0 || k + count - 1 > MAX_ESI) {
    throw new FecError(`repair count must be an integer in 0..${MAX_ESI + 1 - k} for ${k} payloads, got ${count}`);
  }
  if (count === 0) return [];
  const size = symbolSizeFor(payloads);
  const sources = payloads.map((payload) => payloadToSymbol(payload, size));
  const code = raptorqCode(k);
  const repairs: Uint8Array[] = [];
  for (let esi = k; esi < k + count; esi += 1) {
    const coefficients = code.coefficients(esi);
    const repair = new Uint8Array(size);
    for (let i = 0; i < k; i += 1) gfAddScaled(repair, sources[i] as Uint8Array, coefficients[i] as number);
    repairs.push(repair);
  }
  return repairs;
}
