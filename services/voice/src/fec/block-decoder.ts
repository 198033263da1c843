// The receiving side of FEC for one block: collects source payloads and repair symbols, and rebuilds the missing
// payloads once enough symbols are in.
//
// Source payloads go on (to playout, or the next hop) the moment they arrive; the decoder only keeps a reference. A block that lost
// nothing costs no decode work: repair symbols arriving for a complete block are dropped unread. Decoding solves
// the received repair symbols' rows (RaptorqCode.coefficients) for the missing sources by Gauss-Jordan elimination
// over GF(256); any K received symbols decode unless their rows are dependent (about 1 in 256 at exactly K,
// RFC 6330's figure), in which case the decoder waits for one more symbol.

import { FecError } from '../errors.ts';
import { MAX_SYMBOL_BYTES, payloadToSymbol, symbolToPayload } from './block-symbols.ts';
import { gfAddScaled, gfInverse, gfScale } from './gf256.ts';
import { MAX_ESI, type RaptorqCode, raptorqCode } from './raptorq-code.ts';

export interface RecoveredPayload {
  /** Source symbol index (ESI) within the block. */
  readonly index: number;
  readonly payload: Uint8Array;
}

interface Repair {
  readonly esi: number;
  readonly symbol: Uint8Array;
}

export class BlockDecoder {
  readonly k: number;
  readonly #code: RaptorqCode;
  readonly #payloads: (Uint8Array | undefined)[];
  #known = 0;
  #repairs: Repair[] = [];
  /** T, fixed by the first repair symbol. */
  #size: number | null = null;

  constructor(k: number) {
    this.#code = raptorqCode(k);
    this.k = k;
    this.#payloads = new Array(k);
  }

  /** Source payloads neither received nor recovered. */
  get missing(): number {
    return this.k - this.#known;
  }

  get complete(): boolean {
    return this.#known === this.k;
  }

  /** A received source payload; returns payloads this made recoverable (a late source can complete a decode). */
  addSource(index: number, payload: Uint8Array): RecoveredPayload[] {
    if (!Number.isInteger(index) || index < 0 || index >= this.k) {
      throw new FecError(`source symbol index ${index} is outside a block of ${this.k}`);
    }
    if (this.#payloads[index] !== undefined) return [];
    this.#payloads[index] = payload;
    this.#known += 1;
    return this.#tryDecode();
  }

  /** A received repair symbol; returns the payloads recovered with it (none if the block lost nothing). */
  addRepair(esi: number, symbol: Uint8Array): RecoveredPayload[] {
    if (!Number.isInteger(esi) || esi < this.k || esi > MAX_ESI) {
      throw new FecError(`repair symbol id ${esi} is outside ${this.k}..${MAX_ESI}`);
    }
    if (symbol.length < 1 || symbol.length > MAX_SYMBOL_BYTES) {
      throw new FecError(`repair symbol of ${symbol.length} bytes; symbols are 1..${MAX_SYMBOL_BYTES} bytes`);
    }
    if (this.#size !== null && symbol.length !== this.#size) {
      throw new FecError(`repair symbols of one block differ in size (${this.#size} and ${symbol.length} bytes)`);
    }
    this.#size = symbol.length;
    if (this.complete || this.#repairs.some((r) => r.esi === esi)) return [];
    this.#repairs.push({ esi, symbol });
    return this.#tryDecode();
  }

  #tryDecode(): RecoveredPayload[] {
    const size = this.#size;
    if (this.complete || size === null || this.#known + this.#repairs.length < this.k) return [];
    const missing: number[] = [];
    for (let i = 0; i < this.k; i += 1) if (this.#payloads[i] === undefined) missing.push(i);

    // Each repair row: its coefficients over the missing sources, and its symbol minus the known sources' share.
    const rows = this.#repairs.map(({ esi, symbol }) => {
      const coefficients = this.#code.coefficients(esi);
      const rhs = symbol.slice();
      for (let i = 0; i < this.k; i += 1) {
        const known = this.#payloads[i];
        if (known !== undefined) gfAddScaled(rhs, payloadToSymbol(known, size), coefficients[i] as number);
      }
      return { coefficients: Uint8Array.from(missing, (i) => coefficients[i] as number), rhs };
    });

    for (let col = 0; col < missing.length; col += 1) {
      const pivot = rows.findIndex((row, r) => r >= col && row.coefficients[col] !== 0);
      if (pivot < 0) return []; // dependent rows: wait for another symbol
      const pivotRow = rows[pivot] as (typeof rows)[number];
      rows[pivot] = rows[col] as (typeof rows)[number];
      rows[col] = pivotRow;
      const scale = gfInverse(pivotRow.coefficients[col] as number);
      gfScale(pivotRow.coefficients, scale);
      gfScale(pivotRow.rhs, scale);
      for (let r = 0; r < rows.length; r += 1) {
        const row = rows[r] as (typeof rows)[number];
        const factor = r === col ? 0 : (row.coefficients[col] as number);
        if (factor === 0) continue;
        gfAddScaled(row.coefficients, pivotRow.coefficients, factor);
        gfAddScaled(row.rhs, pivotRow.rhs, factor);
      }
    }

    const recovered = missing.map((index, col) => ({
      index,
      payload: symbolToPayload((rows[col] as (typeof rows)[number]).rhs),
    }));
    for (const { index, payload } of recovered) this.#payloads[index] = payload;
    this.#known = this.k;
    this.#repairs = [];
    return recovered;
  }
}
