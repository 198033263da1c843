// Tests for the media header codec: round trips, truncation at every length, and every inconsistent field.

import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../scripts/test-support/seeded-random.ts';
import {
  BufferTooShortError,
  CodecId,
  decodeMediaHeader,
  encodeMediaHeader,
  fromHex,
  InvalidHeaderError,
  MEDIA_VERSION,
  type MediaHeader,
} from '../../src/index.ts';

const example: MediaHeader = {
  version: MEDIA_VERSION,
  repair: false,
  codec: CodecId.Opus6k,
  quality: true,
  fecRatio: 100,
  seq: 65535,
  timestamp: 123456,
  block: 7,
  symbol: 3,
  csrc: 0,
};

describe('media header', () => {
  test('is twelve bytes and decodes to what was encoded', () => {
    const bytes = encodeMediaHeader(example);
    expect(bytes.length).toBe(12);
    expect(decodeMediaHeader(bytes)).toEqual(example);
  });

  test('round-trips 10,000 random valid headers', () => {
    const next = seededRandom(6);
    const int = (max: number) => Math.floor(next() * (max + 1));
    const codecs = Object.values(CodecId);
    for (let i = 0; i < 10_000; i++) {
      const header: MediaHeader = {
        version: MEDIA_VERSION,
        repair: next() < 0.5,
        codec: codecs[int(codecs.length - 1)] ?? CodecId.Opus24k,
        quality: next() < 0.5,
        fecRatio: int(127),
        seq: int(0xffff),
        timestamp: int(0xffffffff),
        block: int(255),
        symbol: int(255),
        csrc: int(255),
      };
      expect(decodeMediaHeader(encodeMediaHeader(header))).toEqual(header);
    }
  });

  test.each(Array.from({ length: 12 }, (_, length) => length))(
    'a %i-byte input throws BufferTooShortError',
    (length) => {
      expect(() => decodeMediaHeader(encodeMediaHeader(example).slice(0, length))).toThrow(BufferTooShortError);
    },
  );

  test.each([
    ['version bit clear', '0f90ffff0001e24007030000', 'version'],
    ['byte 1 unused bit 0 set', '8f91ffff0001e24007030000', 'unused'],
    ['byte 1 unused bit 1 set', '8f92ffff0001e24007030000', 'unused'],
    ['reserved byte set', '8f90ffff0001e24007030100', 'reserved'],
    ['codec id 0 (reserved)', '8390ffff0001e24007030000', 'codec'],
    ['codec id 6 (unassigned)', '9b90ffff0001e24007030000', 'codec'],
    ['codec id 15 (unassigned)', 'bf90ffff0001e24007030000', 'codec'],
  ])('rejects a header with the %s', (_name, hex, field) => {
    let caught: unknown;
    try {
      decodeMediaHeader(fromHex('header', hex));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidHeaderError);
    expect((caught as InvalidHeaderError).field).toBe(field);
  });

  test.each([
    ['version', { version: 2 }],
    ['codec', { codec: 9 }],
    ['fecRatio', { fecRatio: 128 }],
    ['fecRatio', { fecRatio: -1 }],
    ['seq', { seq: 65536 }],
    ['timestamp', { timestamp: 2 ** 32 }],
    ['block', { block: 256 }],
    ['symbol', { symbol: 1.5 }],
    ['csrc', { csrc: 256 }],
  ])('refuses to encode an out-of-range %s', (field, patch) => {
    expect(() => encodeMediaHeader({ ...example, ...patch } as MediaHeader)).toThrow(
      expect.objectContaining({ code: 'invalid_header', field }),
    );
  });
});
