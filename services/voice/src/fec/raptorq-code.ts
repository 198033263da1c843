// RaptorqCode: RFC 6330's systematic code for one source block size K, reduced to linear algebra over GF(256).
//
// RFC 6330 encodes by solving A · C = D for the L intermediate symbols C, where A is the constraint matrix
// (LDPC, HDPC and LT rows, §5.3.3.4) and D is S + H zero symbols followed by the K' source symbols (the K real
// ones, then K' - K zero padding symbols). Only the K real source symbols are non-zero, so every intermediate
// symbol, and therefore every encoding symbol, is a fixed GF(256) combination of the K source symbols. We invert A
// once per K and keep, per encoding symbol id (ESI), those K coefficients:
//   - encoding a repair symbol is one weighted sum of the source symbols;
//   - decoding solves the small system the received symbols' coefficient rows form over the missing sources.
// The symbols are exactly RFC 6330's (a test compares them byte for byte with the reference crate), so any RFC 6330
// decoder can recover our blocks. Encoding symbol ids follow §4.4.2: source symbols are ESI 0..K-1 and repair
// symbol ESI X >= K has internal symbol id X + K' - K.

import { gfAlphaPow, gfInverse, gfMul } from './gf256.ts';
import {
  DEGREE_THRESHOLDS,
  SYSTEMATIC_PARAMETERS,
  type SystematicParameters,
  V0,
  V1,
  V2,
  V3,
} from './rfc6330-tables.ts';

/** The largest K' carried in our copy of Table 2. */
export const MAX_SOURCE_SYMBOLS = 127;
/** The media header's symbol index is one byte, so encoding symbol ids stop at 255. */
export const MAX_ESI = 255;

/** Rand[y, i, m] of §5.3.5.1. */
function rand(y: number, i: number, m: number): number {
  const x0 = (y + i) & 0xff;
  const x1 = ((y >>> 8) + i) & 0xff;
  const x2 = ((y >>> 16) + i) & 0xff;
  const x3 = ((y >>> 24) + i) & 0xff;
  const v = ((V0[x0] as number) ^ (V1[x1] as number) ^ (V2[x2] as number) ^ (V3[x3] as number)) >>> 0;
  return v % m;
}

/** Deg[v] of §5.3.5.2. */
function degree(v: number, w: number): number {
  let d = 1;
  while (v >= (DEGREE_THRESHOLDS[d] as number)) d += 1;
  return Math.min(d, w - 2);
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let f = 2; f * f <= n; f += 1) if (n % f === 0) return false;
  return true;
}

function parametersFor(k: number): SystematicParameters {
  if (!Number.isInteger(k) || k < 1 || k > MAX_SOURCE_SYMBOLS) {
    throw new RangeError(`source block size must be an integer in 1..${MAX_SOURCE_SYMBOLS}, got ${k}`);
  }
  return SYSTEMATIC_PARAMETERS.find((row) => row.kPrime >= k) as SystematicParameters;
}

export class RaptorqCode {
  /** Source symbols per block. */
  readonly k: number;
  readonly #kPrime: number;
  readonly #j: number;
  readonly #s: number;
  readonly #h: number;
  readonly #w: number;
  /** L = K' + S + H intermediate symbols. */
  readonly #l: number;
  /** P = L - W permanently inactivated symbols, and P1 the smallest prime >= P. */
  readonly #p: number;
  readonly #p1: number;
  /** Rows of A^-1, each L octets. */
  readonly #inverse: Uint8Array[];
  readonly #coefficients = new Map<number, Uint8Array>();

  constructor(k: number) {
    const params = parametersFor(k);
    this.k = k;
    this.#kPrime = params.kPrime;
    this.#j = params.j;
    this.#s = params.s;
    this.#h = params.h;
    this.#w = params.w;
    this.#l = params.kPrime + params.s + params.h;
    this.#p = this.#l - params.w;
    let p1 = this.#p;
    while (!isPrime(p1)) p1 += 1;
    this.#p1 = p1;
    this.#inverse = invert(this.#constraintMatrix());
  }

  /**
   * The K coefficients that make encoding symbol `esi` from the source symbols: symbol = Σ c[k] · source[k].
   * Source ESIs give unit vectors (the code is systematic). Cached; callers must not modify the array.
   */
  coefficients(esi: number): Uint8Array {
    let row = this.#coefficients.get(esi);
    if (row !== undefined) return row;
    if (!Number.isInteger(esi) || esi < 0 || esi > MAX_ESI) {
      throw new RangeError(`encoding symbol id must be an integer in 0..${MAX_ESI}, got ${esi}`);
    }
    const isi = esi < this.k ? esi : esi + this.#kPrime - this.k;
    row = new Uint8Array(this.k);
    const firstSource = this.#s + this.#h;
    for (const column of this.#ltColumns(isi)) {
      const inverseRow = this.#inverse[column] as Uint8Array;
      for (let i = 0; i < this.k; i += 1) row[i] = (row[i] as number) ^ (inverseRow[firstSource + i] as number);
    }
    this.#coefficients.set(esi, row);
    return row;
  }

  /** The intermediate symbols Enc[] of §5.3.5.3 XORs together for internal symbol id `isi` (Tuple of §5.3.5.4). */
  #ltColumns(isi: number): number[] {
    const w = this.#w;
    const p = this.#p;
    const p1 = this.#p1;
    let a = 53591 + this.#j * 997;
    if (a % 2 === 0) a += 1;
    const b0 = 10267 * (this.#j + 1);
    const y = (b0 + Math.imul(isi, a)) >>> 0;
    const d = degree(rand(y, 0, 2 ** 20), w);
    const stepA = 1 + rand(y, 1, w - 1);
    let b = rand(y, 2, w);
    const d1 = d < 4 ? 2 + rand(isi, 3, 2) : 2;
    const stepA1 = 1 + rand(isi, 4, p1 - 1);
    let b1 = rand(isi, 5, p1);

    const columns = [b];
    for (let j = 1; j < d; j += 1) {
      b = (b + stepA) % w;
      columns.push(b);
    }
    while (b1 >= p) b1 = (b1 + stepA1) % p1;
    columns.push(w + b1);
    for (let j = 1; j < d1; j += 1) {
      b1 = (b1 + stepA1) % p1;
      while (b1 >= p) b1 = (b1 + stepA1) % p1;
      columns.push(w + b1);
    }
    return columns;
  }

  /** A of §5.3.3.4.2: S LDPC rows, H HDPC rows, then the LT rows of ISI 0..K'-1. */
  #constraintMatrix(): Uint8Array[] {
    const s = this.#s;
    const h = this.#h;
    const w = this.#w;
    const p = this.#p;
    const l = this.#l;
    const b = w - s;
    const rows = Array.from({ length: l }, () => new Uint8Array(l));

    // LDPC (§5.3.3.3): G_LDPC,1 | I_S | G_LDPC,2.
    for (let i = 0; i < b; i += 1) {
      const step = 1 + Math.floor(i / s);
      let row = i % s;
      for (let n = 0; n < 3; n += 1) {
        (rows[row] as Uint8Array)[i] = ((rows[row] as Uint8Array)[i] as number) ^ 1;
        row = (row + step) % s;
      }
    }
    for (let i = 0; i < s; i += 1) {
      const row = rows[i] as Uint8Array;
      row[b + i] = 1;
      row[w + (i % p)] = (row[w + (i % p)] as number) ^ 1;
      row[w + ((i + 1) % p)] = (row[w + ((i + 1) % p)] as number) ^ 1;
    }

    // HDPC (§5.3.3.3): MT · GAMMA | I_H, over the first K' + S columns.
    const width = this.#kPrime + s;
    const mt = Array.from({ length: h }, () => new Uint8Array(width));
    for (let j = 0; j < width - 1; j += 1) {
      const first = rand(j + 1, 6, h);
      const second = (first + rand(j + 1, 7, h - 1) + 1) % h;
      (mt[first] as Uint8Array)[j] = 1;
      (mt[second] as Uint8Array)[j] = 1;
    }
    for (let i = 0; i < h; i += 1) (mt[i] as Uint8Array)[width - 1] = gfAlphaPow(i);
    for (let i = 0; i < h; i += 1) {
      const row = rows[s + i] as Uint8Array;
      const mtRow = mt[i] as Uint8Array;
      // (MT · GAMMA)[i][j] = Σ_{m >= j} MT[i][m] · alpha^(m - j), accumulated from the right.
      let acc = 0;
      for (let j = width - 1; j >= 0; j -= 1) {
        acc = gfMul(acc, 2) ^ (mtRow[j] as number);
        row[j] = acc;
      }
      row[width + i] = 1;
    }

    // LT rows for the K' extended source symbols.
    for (let isi = 0; isi < this.#kPrime; isi += 1) {
      const row = rows[s + h + isi] as Uint8Array;
      for (const column of this.#ltColumns(isi)) row[column] = (row[column] as number) ^ 1;
    }
    return rows;
  }
}

/** Gauss-Jordan inverse over GF(256); A is invertible for every K' of Table 2 (that is how J(K') was chosen). */
function invert(matrix: Uint8Array[]): Uint8Array[] {
  const n = matrix.length;
  const a: Uint8Array[] = matrix.map((row) => row.slice());
  const inv: Uint8Array[] = Array.from({ length: n }, (_, i) => {
    const row = new Uint8Array(n);
    row[i] = 1;
    return row;
  });
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    while (pivot < n && (a[pivot] as Uint8Array)[col] === 0) pivot += 1;
    if (pivot === n) throw new Error(`RFC 6330 constraint matrix is singular at column ${col}`);
    [a[col], a[pivot]] = [a[pivot] as Uint8Array, a[col] as Uint8Array];
    [inv[col], inv[pivot]] = [inv[pivot] as Uint8Array, inv[col] as Uint8Array];
    const pivotRow = a[col] as Uint8Array;
    const pivotInv = inv[col] as Uint8Array;
    const scale = gfInverse(pivotRow[col] as number);
    for (let i = 0; i < n; i += 1) {
      pivotRow[i] = gfMul(pivotRow[i] as number, scale);
      pivotInv[i] = gfMul(pivotInv[i] as number, scale);
    }
    for (let r = 0; r < n; r += 1) {
      const factor = r === col ? 0 : ((a[r] as Uint8Array)[col] as number);
      if (factor === 0) continue;
      const row = a[r] as Uint8Array;
      const invRow = inv[r] as Uint8Array;
      for (let i = 0; i < n; i += 1) {
        row[i] = (row[i] as number) ^ gfMul(factor, pivotRow[i] as number);
        invRow[i] = (invRow[i] as number) ^ gfMul(factor, pivotInv[i] as number);
      }
    }
  }
  return inv;
}

const codes = new Map<number, RaptorqCode>();

/** The code for K source symbols, built on first use (about a millisecond for K' = 10) and then shared. */
export function raptorqCode(k: number): RaptorqCode {
  let code = codes.get(k);
  if (code === undefined) {
    code = new RaptorqCode(k);
    codes.set(k, code);
  }
  return code;
}
