// Serial-number arithmetic on the 16-bit media sequence number (RFC 1982 §3.2), shared by the anti-replay window,
// the jitter buffer and the path monitor.

export const SEQ_MODULUS = 0x1_0000;
const HALF = 0x8000;

/**
 * Signed distance from `from` to `to` in [-32768, 32767]: positive when `to` is newer.
 * RFC 1982 leaves a distance of exactly 2^15 undefined; we read it as behind (-32768), the safer side.
 */
export function seqDistance(from: number, to: number): number {
  const ahead = (to - from + SEQ_MODULUS) % SEQ_MODULUS;
  return ahead < HALF ? ahead : ahead - SEQ_MODULUS;
}

/** `a` precedes `b` in serial order (RFC 1982 §3.2). */
export function seqBefore(a: number, b: number): boolean {
  return seqDistance(a, b) > 0;
}

export function seqAdd(seq: number, delta: number): number {
  return (((seq + delta) % SEQ_MODULUS) + SEQ_MODULUS) % SEQ_MODULUS;
}
