// Tests for FEC blocks: payloads to symbols and back, recovery from any sufficient subset, the failure rate at
// exactly K symbols, zero work for complete blocks, and every inconsistent input.

import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../scripts/test-support/seeded-random.ts';
import { BlockDecoder } from '../../src/fec/block-decoder.ts';
import { encodeRepairSymbols } from '../../src/fec/block-encoder.ts';
import { MAX_FEC_PAYLOAD_BYTES, payloadToSymbol, symbolSizeFor, symbolToPayload } from '../../src/fec/block-symbols.ts';
import { FecError } from '../../src/index.ts';

/** Payloads of varying length, like sealed VBR Opus frames (an empty one included now and then). */
function payloads(count: number, rng: () => number, maxLength = 80): Uint8Array[] {
  return Array.from({ length: count }, () =>
    Uint8Array.from({ length: Math.floor(rng() * (maxLength + 1)) }, () => Math.floor(rng() * 256)),
  );
}

describe('block symbols', () => {
  test('T is one more than the longest payload, and a payload survives padding', () => {
    const block = [new Uint8Array([1, 2, 3]), new Uint8Array(0), new Uint8Array(6).fill(9)];
    expect(symbolSizeFor(block)).toBe(7);
    const symbol = payloadToSymbol(block[0] as Uint8Array, 7);
    expect([...symbol]).toEqual([3, 1, 2, 3, 0, 0, 0]);
    expect(symbolToPayload(symbol)).toEqual(block[0] as Uint8Array);
    expect(symbolToPayload(payloadToSymbol(new Uint8Array(0), 1))).toEqual(new Uint8Array(0));
  });

  test.each([
    ['a length beyond the symbol', [7, 1, 2, 3]],
    ['a length equal to the symbol size', [4, 1, 2, 3]],
    ['non-zero padding', [1, 5, 0, 1]],
    ['an empty symbol', []],
  ])('a recovered symbol with %s is refused', (_, bytes) => {
    expect(() => symbolToPayload(Uint8Array.from(bytes))).toThrow(FecError);
  });

  test('payloads longer than 255 bytes cannot join a block; a payload must fit its symbol', () => {
    expect(symbolSizeFor([new Uint8Array(MAX_FEC_PAYLOAD_BYTES)])).toBe(256);
    expect(() => symbolSizeFor([new Uint8Array(MAX_FEC_PAYLOAD_BYTES + 1)])).toThrow(FecError);
    expect(() => payloadToSymbol(new Uint8Array(4), 4)).toThrow(FecError);
  });
});

describe('encode and recover', () => {
  test.each([
    ['GOOD', 5, 1],
    ['DEGRADED', 10, 5],
    ['CATASTROPHIC', 8, 8],
    ['CATASTROPHIC at the cap', 8, 10],
  ])('%s (%i frames, %i repair): every loss pattern the repairs can cover is recovered', (_, k, r) => {
    const rng = seededRandom(k * 100 + r);
    let attempts = 0;
    let failures = 0;
    for (let trial = 0; trial < 300; trial += 1) {
      const block = payloads(k, rng);
      const repairs = encodeRepairSymbols(block, r);
      expect(repairs.every((s) => s.length === symbolSizeFor(block))).toBe(true);
      // Drop up to r sources and some repairs, keeping at least K symbols in all.
      const lost = new Set<number>();
      const drop = Math.floor(rng() * (Math.min(r, k) + 1));
      while (lost.size < drop) lost.add(Math.floor(rng() * k));
      const shuffled = repairs.map((_, i) => i).sort(() => rng() - 0.5);
      const keepRepairs = shuffled.slice(0, drop + Math.floor(rng() * (r - drop + 1)));
      const decoder = new BlockDecoder(k);
      const got = new Map<number, Uint8Array>();
      for (let i = 0; i < k; i += 1) if (!lost.has(i)) decoder.addSource(i, block[i] as Uint8Array);
      for (const i of keepRepairs) {
        for (const { index, payload: frame } of decoder.addRepair(k + i, repairs[i] as Uint8Array))
          got.set(index, frame);
      }
      if (lost.size === 0) continue;
      attempts += 1;
      if (!decoder.complete) {
        failures += 1;
        continue;
      }
      expect([...got.keys()].sort((a, b) => a - b)).toEqual([...lost].sort((a, b) => a - b));
      for (const [index, frame] of got) expect(frame).toEqual(block[index] as Uint8Array);
    }
    // RFC 6330: about 1 in 256 sets of exactly K symbols is dependent; more symbols make it rarer still.
    expect(failures / attempts).toBeLessThan(0.03);
  });

  test('a block recovers from repair symbols alone, whatever repair ids arrive', () => {
    const rng = seededRandom(7);
    const block = payloads(8, rng);
    const repairs = encodeRepairSymbols(block, 20);
    const decoder = new BlockDecoder(8);
    const recovered = [];
    for (const i of [19, 3, 11, 0, 7, 15, 9, 2, 5, 13]) {
      recovered.push(...decoder.addRepair(8 + i, repairs[i] as Uint8Array));
      if (decoder.complete) break;
    }
    expect(decoder.complete).toBe(true);
    expect(recovered.sort((a, b) => a.index - b.index).map((r) => r.payload)).toEqual(block);
  });

  test('a late source completes a decode that was one symbol short', () => {
    const block = payloads(5, seededRandom(3));
    const [repair] = encodeRepairSymbols(block, 1);
    const decoder = new BlockDecoder(5);
    decoder.addSource(0, block[0] as Uint8Array);
    decoder.addSource(1, block[1] as Uint8Array);
    decoder.addSource(2, block[2] as Uint8Array);
    expect(decoder.addRepair(5, repair as Uint8Array)).toEqual([]);
    expect(decoder.missing).toBe(2);
    expect(decoder.addSource(4, block[4] as Uint8Array)).toEqual([{ index: 3, payload: block[3] as Uint8Array }]);
    expect(decoder.complete).toBe(true);
  });

  test('a block that lost nothing does no decode work and keeps no repair symbol', () => {
    const block = payloads(5, seededRandom(4));
    const decoder = new BlockDecoder(5);
    for (const [i, frame] of block.entries()) decoder.addSource(i, frame);
    // A garbage repair symbol would throw if it were decoded; for a complete block it is not even read.
    expect(decoder.addRepair(5, new Uint8Array(200).fill(0xff))).toEqual([]);
    expect(decoder.complete).toBe(true);
  });

  test('duplicates change nothing', () => {
    const block = payloads(5, seededRandom(5));
    const [repair] = encodeRepairSymbols(block, 1);
    const decoder = new BlockDecoder(5);
    decoder.addSource(0, block[0] as Uint8Array);
    decoder.addSource(0, new Uint8Array([1, 2, 3]));
    decoder.addRepair(5, repair as Uint8Array);
    decoder.addRepair(5, repair as Uint8Array);
    expect(decoder.missing).toBe(4);
  });
});

describe('bad input', () => {
  const block = payloads(5, seededRandom(6), 20);
  const [repair] = encodeRepairSymbols(block, 1);

  test.each([
    ['a source index past the block', (d: BlockDecoder) => d.addSource(5, new Uint8Array(1))],
    ['a negative source index', (d: BlockDecoder) => d.addSource(-1, new Uint8Array(1))],
    ['a repair id inside the source range', (d: BlockDecoder) => d.addRepair(4, repair as Uint8Array)],
    ['a repair id past 255', (d: BlockDecoder) => d.addRepair(256, repair as Uint8Array)],
    ['an empty repair symbol', (d: BlockDecoder) => d.addRepair(5, new Uint8Array(0))],
    ['a repair symbol over 256 bytes', (d: BlockDecoder) => d.addRepair(5, new Uint8Array(257))],
  ])('%s is refused', (_, act) => {
    expect(() => act(new BlockDecoder(5))).toThrow(FecError);
  });

  test('repair symbols of one block must agree in size', () => {
    const decoder = new BlockDecoder(5);
    decoder.addRepair(5, repair as Uint8Array);
    expect(() => decoder.addRepair(6, new Uint8Array((repair as Uint8Array).length + 1))).toThrow(FecError);
  });

  test('a forged repair symbol that decodes to nonsense is refused, and the block stays undecoded', () => {
    const decoder = new BlockDecoder(5);
    for (let i = 1; i < 5; i += 1) decoder.addSource(i, block[i] as Uint8Array);
    expect(() => decoder.addRepair(5, new Uint8Array((repair as Uint8Array).length).fill(0xee))).toThrow(FecError);
    expect(decoder.complete).toBe(false);
  });

  test.each([
    ['no frames', [], 1],
    ['128 frames', Array.from({ length: 128 }, () => new Uint8Array(1)), 1],
    ['a negative repair count', [new Uint8Array(1)], -1],
    ['repair ids past 255', Array.from({ length: 10 }, () => new Uint8Array(1)), 247],
    ['a fractional repair count', [new Uint8Array(1)], 1.5],
  ])('encoding %s is refused', (_, frameList, count) => {
    expect(() => encodeRepairSymbols(frameList, count)).toThrow(FecError);
  });
});
