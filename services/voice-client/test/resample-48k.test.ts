import { describe, expect, test } from 'bun:test';
import { resampleTo48k, UnsupportedSampleRateError } from '../src/resample-48k.ts';

const AMPLITUDE = 0.5;
/** Output samples left out at each end, where the kernel runs past the input into silence. */
const EDGE = 2400;

function tone(frequency: number, rate: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => AMPLITUDE * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

function middle(signal: Float32Array): Float32Array {
  return signal.subarray(EDGE, signal.length - EDGE);
}

function levelDb(signal: Float32Array): number {
  const meanSquare = signal.reduce((sum, x) => sum + x * x, 0) / signal.length;
  return 20 * Math.log10((Math.sqrt(meanSquare) * Math.SQRT2) / AMPLITUDE);
}

/** Frequency at 48 kHz from the first and last upward zero crossings, each placed by linear interpolation. */
function zeroCrossingFrequency(signal: Float32Array): number {
  const crossings: number[] = [];
  for (let i = 1; i < signal.length; i++) {
    const before = signal[i - 1] as number;
    const after = signal[i] as number;
    if (before < 0 && after >= 0) crossings.push(i - 1 + before / (before - after));
  }
  const first = crossings[0] as number;
  const last = crossings[crossings.length - 1] as number;
  return ((crossings.length - 1) * 48_000) / (last - first);
}

describe('resampleTo48k', () => {
  test.each([8000, 16_000, 22_050, 44_100, 96_000])('keeps a 1 kHz tone at %d Hz at 1 kHz and its level', (rate) => {
    const output = resampleTo48k(tone(1000, rate, 0.5), rate);
    expect(Math.abs(zeroCrossingFrequency(middle(output)) - 1000)).toBeLessThan(0.5);
    expect(Math.abs(levelDb(middle(output)))).toBeLessThan(1);
  });

  test.each([8000, 11_025, 16_000, 22_050, 32_000, 44_100, 88_200, 96_000, 192_000, 44_056, 191_999])(
    'gives round(n · 48000 / %d) samples, ± 1',
    (rate) => {
      for (const n of [0, 1, 999, 12_345]) {
        const expected = Math.round((n * 48_000) / rate);
        expect(Math.abs(resampleTo48k(new Float32Array(n), rate).length - expected)).toBeLessThanOrEqual(1);
      }
    },
  );

  test('attenuates a 30 kHz tone at 96 kHz by at least 40 dB instead of aliasing it to 18 kHz', () => {
    expect(levelDb(middle(resampleTo48k(tone(30_000, 96_000, 0.25), 96_000)))).toBeLessThan(-40);
  });

  test('keeps 20 kHz when downsampling from 96 kHz within 1 dB', () => {
    expect(Math.abs(levelDb(middle(resampleTo48k(tone(20_000, 96_000, 0.25), 96_000))))).toBeLessThan(1);
  });

  test('does not image an 8 kHz input above its 4 kHz Nyquist frequency', () => {
    // A 3 kHz tone at 8 kHz has its first image at 5 kHz; the output must hold only the 3 kHz tone.
    const output = middle(resampleTo48k(tone(3000, 8000, 0.25), 8000));
    const clean = Float32Array.from(output, (_, i) => AMPLITUDE * Math.sin((2 * Math.PI * 3000 * (i + EDGE)) / 48_000));
    const residual = Float32Array.from(output, (x, i) => x - (clean[i] as number));
    expect(levelDb(residual)).toBeLessThan(-40);
  });

  test('copies 48 kHz input unchanged', () => {
    const input = tone(1000, 48_000, 0.01);
    const output = resampleTo48k(input, 48_000);
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
  });

  test('is deterministic', () => {
    const input = tone(440, 44_100, 0.1);
    expect(resampleTo48k(input, 44_100)).toEqual(resampleTo48k(input, 44_100));
  });

  test.each([0, -1, Number.NaN, 7999, 200_000, 192_001, 44_100.5, Number.POSITIVE_INFINITY])(
    'refuses a rate of %p',
    (rate) => {
      expect(() => resampleTo48k(new Float32Array(10), rate)).toThrow(UnsupportedSampleRateError);
    },
  );

  test('says which rate it refused and which it accepts', () => {
    expect(() => resampleTo48k(new Float32Array(10), 7999)).toThrow(
      'sample rate 7999 Hz is not supported: expected a whole number from 8000 to 192000',
    );
  });
});
