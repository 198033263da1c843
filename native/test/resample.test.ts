import { describe, expect, test } from 'bun:test';
import { decimate48to8, interpolate8to48 } from '../src/resample.ts';

describe('decimate48to8', () => {
  test('constant stays constant', () => {
    const out = decimate48to8(new Int16Array(960).fill(1234));
    expect(out.length).toBe(160);
    expect(out.every((v) => v === 1234)).toBe(true);
  });

  test('averages and rounds each group of six', () => {
    expect(
      Array.from(decimate48to8(Int16Array.from([0, 1, 2, 3, 4, 5, -32768, -32768, -32768, -32768, -32768, -32768]))),
    ).toEqual([3, -32768]);
  });

  test.each([1, 5, 7, 959, 961])('rejects length %d', (n) => {
    expect(() => decimate48to8(new Int16Array(n))).toThrow(RangeError);
  });

  test('empty input gives empty output', () => {
    expect(decimate48to8(new Int16Array(0)).length).toBe(0);
  });
});

describe('interpolate8to48', () => {
  test('length is six times the input', () => {
    expect(interpolate8to48(new Int16Array(160)).length).toBe(960);
    expect(interpolate8to48(new Int16Array(0)).length).toBe(0);
  });

  test('interpolates linearly between samples', () => {
    expect(Array.from(interpolate8to48(Int16Array.from([0, 600])))).toEqual([
      0, 100, 200, 300, 400, 500, 600, 600, 600, 600, 600, 600,
    ]);
  });

  test('decimate then interpolate stays close to a slow sine', () => {
    const n = 4800;
    const input = new Int16Array(n);
    for (let i = 0; i < n; i++) input[i] = Math.round(10000 * Math.sin((2 * Math.PI * 100 * i) / 48000));
    const round = interpolate8to48(decimate48to8(input));
    expect(round.length).toBe(n);
    // The box filter centre sits 2.5 input samples after the interpolation point, so compare with that shift.
    let maxErr = 0;
    for (let i = 0; i < n - 6; i++) {
      const shifted = 10000 * Math.sin((2 * Math.PI * 100 * (i + 2.5)) / 48000);
      maxErr = Math.max(maxErr, Math.abs((round[i] as number) - shifted));
    }
    expect(maxErr).toBeLessThan(100);
  });
});
