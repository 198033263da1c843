// Tests for the RFC 6330 code: byte-for-byte agreement with the reference implementation (cberner/raptorq, the
// crate's own WASM build from npm), the systematic property, GF(256) identities, and bad parameters.

import { describe, expect, test } from 'bun:test';
import init, { Decoder, Encoder } from 'raptorq';
import { gfAddScaled, gfInverse, gfMul } from '../../src/fec/gf256.ts';
import { MAX_SOURCE_SYMBOLS, RaptorqCode, raptorqCode } from '../../src/fec/raptorq-code.ts';
import { SYSTEMATIC_PARAMETERS } from '../../src/fec/rfc6330-tables.ts';

await init(await Bun.file(Bun.resolveSync('raptorq/raptorq_bg.wasm', import.meta.dir)).arrayBuffer());

function pattern(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 17 + 7) & 0xff);
}

/** Encoding symbol `esi` of `source` (K symbols of `size` bytes laid end to end), from our coefficient rows. */
function encodeSymbol(code: RaptorqCode, source: Uint8Array, size: number, esi: number): Uint8Array {
  const out = new Uint8Array(size);
  const row = code.coefficients(esi);
  for (let i = 0; i < code.k; i += 1) gfAddScaled(out, source.subarray(i * size, (i + 1) * size), row[i] as number);
  return out;
}

function kPrimeOf(k: number): number {
  return (SYSTEMATIC_PARAMETERS.find((row) => row.kPrime >= k) as { kPrime: number }).kPrime;
}

describe('RFC 6330 agreement with the reference crate', () => {
  // The crate needs symbols of at least 64 bytes; the code itself does not depend on the symbol size.
  test.each([1, 2, 5, 8, 10, 11, 12, 13, 20, 33, 50, 64, 100, 127])('K = %i: every symbol is byte-identical', (k) => {
    const size = 64;
    const source = pattern(k * size, k);
    const packets = Encoder.with_defaults(source, size + 4).encode(20);
    expect(packets).toHaveLength(k + 20);
    const code = raptorqCode(k);
    for (const packet of packets) {
      expect(packet[0]).toBe(0); // one source block
      // The crate labels repair packets with their internal symbol id (K' - K above RFC 6330's ESI).
      const label = ((packet[1] as number) << 16) | ((packet[2] as number) << 8) | (packet[3] as number);
      const esi = label < k ? label : label - (kPrimeOf(k) - k);
      expect(encodeSymbol(code, source, size, esi)).toEqual(packet.subarray(4));
    }
  });

  test('the crate decodes a block from our repair symbols alone', () => {
    const k = 8;
    const size = 64;
    const source = pattern(k * size, 3);
    const code = raptorqCode(k);
    const decoder = Decoder.with_defaults(BigInt(source.length), size + 4);
    let decoded: Uint8Array | undefined;
    for (let esi = k; esi < 2 * k + 2 && decoded === undefined; esi += 1) {
      const label = esi + kPrimeOf(k) - k;
      const packet = new Uint8Array(4 + size);
      packet.set([0, label >> 16, (label >> 8) & 0xff, label & 0xff]);
      packet.set(encodeSymbol(code, source, size, esi), 4);
      decoded = decoder.decode(packet);
    }
    expect(decoded).toEqual(source);
  });
});

describe('code structure', () => {
  test('source symbols are unit rows (the code is systematic)', () => {
    for (const k of [1, 5, 8, 10, 127]) {
      const code = raptorqCode(k);
      for (let esi = 0; esi < k; esi += 1) {
        const expected = new Uint8Array(k);
        expected[esi] = 1;
        expect(code.coefficients(esi)).toEqual(expected);
      }
    }
  });

  test('codes are built once per K and shared', () => {
    expect(raptorqCode(5)).toBe(raptorqCode(5));
    expect(raptorqCode(5)).not.toBe(raptorqCode(8));
  });

  test('bad block sizes and symbol ids are refused', () => {
    for (const k of [0, -1, 1.5, MAX_SOURCE_SYMBOLS + 1, Number.NaN])
      expect(() => new RaptorqCode(k)).toThrow(RangeError);
    const code = raptorqCode(5);
    for (const esi of [-1, 256, 2.5, Number.NaN]) expect(() => code.coefficients(esi)).toThrow(RangeError);
  });
});

describe('GF(256)', () => {
  test('multiplication is commutative, distributes over XOR, and every non-zero octet has an inverse', () => {
    for (let a = 1; a < 256; a += 1) {
      expect(gfMul(a, gfInverse(a))).toBe(1);
      for (const b of [1, 2, 3, 29, 142, 255]) {
        expect(gfMul(a, b)).toBe(gfMul(b, a));
        expect(gfMul(a, b ^ 77)).toBe(gfMul(a, b) ^ gfMul(a, 77));
      }
    }
    expect(gfMul(0, 200)).toBe(0);
    expect(gfMul(2, 0x80)).toBe(0x1d); // x · x^7 = x^8 = x^4 + x^3 + x^2 + 1
    expect(() => gfInverse(0)).toThrow(RangeError);
  });
});
