// Tests for the quality trailer: every wire byte survives decode then encode; bad values are typed errors.

import { describe, expect, test } from 'bun:test';
import {
  BufferTooShortError,
  decodeQualityTrailer,
  encodeQualityTrailer,
  InvalidQualityReportError,
} from '../../src/index.ts';

describe('quality trailer', () => {
  test('every byte value of every field survives decode then encode', () => {
    for (let v = 0; v < 256; v++) {
      const wire = Uint8Array.of(v, v, v, v);
      expect(encodeQualityTrailer(decodeQualityTrailer(wire))).toEqual(wire);
    }
  });

  test('values above a byte saturate rather than wrap', () => {
    expect(Array.from(encodeQualityTrailer({ lossPct: 100, rttMs: 5000, jitterMs: 900, bitrateCapKbps: 512 }))).toEqual(
      [255, 255, 255, 255],
    );
  });

  test.each([
    ['lossPct', { lossPct: 101 }],
    ['lossPct', { lossPct: -1 }],
    ['rttMs', { rttMs: Number.NaN }],
    ['jitterMs', { jitterMs: -3 }],
  ])('refuses an invalid %s', (field, patch) => {
    const report = { lossPct: 1, rttMs: 1, jitterMs: 1, bitrateCapKbps: 1, ...patch };
    expect(() => encodeQualityTrailer(report)).toThrow(expect.objectContaining({ field }));
    expect(() => encodeQualityTrailer(report)).toThrow(InvalidQualityReportError);
  });

  test.each([0, 1, 2, 3])('a %i-byte trailer throws BufferTooShortError', (length) => {
    expect(() => decodeQualityTrailer(new Uint8Array(length))).toThrow(BufferTooShortError);
  });
});
