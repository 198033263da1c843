// GF(256) arithmetic of RFC 6330 §5.7: octets modulo x^8 + x^4 + x^3 + x^2 + 1, alpha = 2.
// Addition is XOR. Multiplication goes through a full 256 × 256 product table (64 KiB), built once, so the
// per-byte inner loops of encoding and decoding are a single table load.

const POLYNOMIAL = 0x11d;

/** OCT_EXP of §5.7.3, doubled in length so exp[log a + log b] needs no modulo. */
const EXP = new Uint8Array(510);
/** OCT_LOG of §5.7.4; LOG[0] is unused (zero has no logarithm). */
const LOG = new Uint8Array(256);

{
  let x = 1;
  for (let i = 0; i < 255; i += 1) {
    EXP[i] = x;
    EXP[i + 255] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= POLYNOMIAL;
  }
}

/** PRODUCTS[(a << 8) | b] = a · b. */
const PRODUCTS = new Uint8Array(256 * 256);
for (let a = 1; a < 256; a += 1) {
  for (let b = 1; b < 256; b += 1) PRODUCTS[(a << 8) | b] = EXP[(LOG[a] as number) + (LOG[b] as number)] as number;
}

export function gfMul(a: number, b: number): number {
  return PRODUCTS[(a << 8) | b] as number;
}

/** alpha^i for any non-negative i. */
export function gfAlphaPow(i: number): number {
  return EXP[i % 255] as number;
}

export function gfInverse(a: number): number {
  if (a === 0) throw new RangeError('zero has no inverse in GF(256)');
  return EXP[255 - (LOG[a] as number)] as number;
}

/** dst[i] ^= c · src[i] for the first `length` bytes (length defaults to dst's). */
export function gfAddScaled(dst: Uint8Array, src: Uint8Array, c: number, length = dst.length): void {
  if (c === 0) return;
  if (c === 1) {
    for (let i = 0; i < length; i += 1) dst[i] = (dst[i] as number) ^ (src[i] as number);
    return;
  }
  const base = c << 8;
  for (let i = 0; i < length; i += 1) dst[i] = (dst[i] as number) ^ (PRODUCTS[base | (src[i] as number)] as number);
}

/** v[i] = c · v[i]. */
export function gfScale(v: Uint8Array, c: number): void {
  if (c === 1) return;
  const base = c << 8;
  for (let i = 0; i < v.length; i += 1) v[i] = PRODUCTS[base | (v[i] as number)] as number;
}
