import { describe, expect, test } from 'bun:test';
import { speechSignal } from '../../../native/test/speech-signal.ts';
import {
  AudioCompareError,
  type AudioCompareErrorCode,
  bestLagCorrelation,
  logSpectralDistance,
} from '../src/audio-compare.ts';
import { Fft } from '../src/fft.ts';

const RATE = 48_000;
const DELAY = 12_345;
const MAX_LAG = 2 * RATE;
const FRAME = 960;
const speech = speechSignal(10 * RATE);

function delayed(signal: Int16Array, by: number): Int16Array {
  const out = new Int16Array(signal.length + by);
  out.set(signal, by);
  return out;
}

/** Deterministic white noise (mulberry32), uniform over ±amplitude. */
function noise(length: number, amplitude: number, seed = 1): Int16Array {
  let state = seed;
  return Int16Array.from({ length }, () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.round((2 * unit - 1) * amplitude);
  });
}

function errorCode(run: () => unknown): AudioCompareErrorCode | 'no error' {
  try {
    run();
  } catch (error) {
    if (error instanceof AudioCompareError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('bestLagCorrelation', () => {
  test('finds the delay of an exact delayed copy, with a correlation of 1', () => {
    // The speech stand-in repeats every second, so lag 60,345 fits as well: the earliest fitting lag must win.
    const { lag, correlation } = bestLagCorrelation(speech, delayed(speech, DELAY), { maxLagSamples: MAX_LAG });
    expect(lag).toBe(DELAY);
    expect(correlation).toBeGreaterThan(0.99);
  });

  test.each([0, 1, 5, 6, 7, 47_999])('finds a delay of %d samples exactly', (delay) => {
    const reference = speech.subarray(0, RATE);
    expect(bestLagCorrelation(reference, delayed(reference, delay), { maxLagSamples: RATE / 2 + delay }).lag).toBe(
      delay,
    );
  });

  test('ignores the level of the received signal', () => {
    const quieter = Int16Array.from(delayed(speech, DELAY), (x) => Math.round(x / 4));
    expect(bestLagCorrelation(speech, quieter, { maxLagSamples: MAX_LAG }).correlation).toBeGreaterThan(0.99);
  });

  test('scores unrelated white noise low', () => {
    const { correlation } = bestLagCorrelation(speech, noise(speech.length + DELAY, 8000), { maxLagSamples: MAX_LAG });
    expect(correlation).toBeLessThan(0.2);
  });

  test('still aligns a copy with 5 % of its 20 ms frames dropped to silence', () => {
    const received = delayed(speech, DELAY);
    for (let frame = 7; frame * FRAME < speech.length; frame += 20)
      received.fill(0, DELAY + frame * FRAME, DELAY + (frame + 1) * FRAME);
    const { lag, correlation } = bestLagCorrelation(speech, received, { maxLagSamples: MAX_LAG });
    expect(lag).toBe(DELAY);
    expect(correlation).toBeGreaterThan(0.8);
  });

  test('does not look past the largest lag it is given', () => {
    expect(bestLagCorrelation(speech, delayed(speech, DELAY), { maxLagSamples: DELAY - 100 }).lag).toBeLessThanOrEqual(
      DELAY - 100,
    );
  });

  test('only considers lags that leave at least half the shorter signal overlapping', () => {
    // At lag 999 a single received sample would match the reference's first sample perfectly.
    const received = new Int16Array(1000);
    received.set(speech.subarray(0, 400), 0);
    received[999] = speech[0] as number;
    expect(bestLagCorrelation(speech.subarray(0, 1000), received, { maxLagSamples: 999 }).lag).toBeLessThanOrEqual(500);
  });

  test('scores silence as uncorrelated', () => {
    expect(bestLagCorrelation(new Int16Array(4800), speech.subarray(0, 4800), { maxLagSamples: 100 })).toEqual({
      lag: 0,
      correlation: 0,
    });
  });

  test('searches 10 s against 12 s of audio over 2 s of lag in well under a second', () => {
    const received = delayed(speech, DELAY);
    bestLagCorrelation(speech, received, { maxLagSamples: MAX_LAG });
    const start = performance.now();
    bestLagCorrelation(speech, received, { maxLagSamples: MAX_LAG });
    expect(performance.now() - start).toBeLessThan(500);
  });

  test.each<{ name: string; reference: Int16Array; received: Int16Array; maxLag: number; code: AudioCompareErrorCode }>(
    [
      { name: 'an empty reference', reference: new Int16Array(0), received: speech, maxLag: 10, code: 'empty_signal' },
      {
        name: 'an empty received signal',
        reference: speech,
        received: new Int16Array(0),
        maxLag: 10,
        code: 'empty_signal',
      },
      { name: 'a negative lag limit', reference: speech, received: speech, maxLag: -1, code: 'bad_max_lag' },
      { name: 'a fractional lag limit', reference: speech, received: speech, maxLag: 1.5, code: 'bad_max_lag' },
      { name: 'a NaN lag limit', reference: speech, received: speech, maxLag: Number.NaN, code: 'bad_max_lag' },
    ],
  )('refuses $name', ({ reference, received, maxLag, code }) => {
    expect(errorCode(() => bestLagCorrelation(reference, received, { maxLagSamples: maxLag }))).toBe(code);
  });
});

describe('logSpectralDistance', () => {
  test('is under 0.5 dB for an exact copy aligned by its delay', () => {
    expect(logSpectralDistance(speech, delayed(speech, DELAY), DELAY)).toBeLessThan(0.5);
  });

  test('is over 10 dB for white noise', () => {
    expect(logSpectralDistance(speech, noise(speech.length + DELAY, 8000), DELAY)).toBeGreaterThan(10);
  });

  test('puts white noise 6 dB quieter 6 dB away', () => {
    // Broadband, so every bin stands far above the quantization floor.
    const loud = noise(RATE, 8000);
    const quieter = Int16Array.from(loud, (x) => Math.round(x / 2));
    expect(logSpectralDistance(loud, quieter, 0)).toBeCloseTo(6.02, 1);
  });

  test('grows when frames are dropped to silence', () => {
    const received = delayed(speech, DELAY);
    for (let frame = 7; frame * FRAME < speech.length; frame += 20)
      received.fill(0, DELAY + frame * FRAME, DELAY + (frame + 1) * FRAME);
    expect(logSpectralDistance(speech, received, DELAY)).toBeGreaterThan(2);
  });

  test('skips frames where the reference pauses, whatever was received there', () => {
    const reference = new Int16Array(speech.length);
    reference.set(speech.subarray(0, speech.length / 2));
    const received = Int16Array.from(reference);
    // Noise from one frame past the pause's start, so every frame it touches has a silent reference.
    received.set(noise(speech.length / 2 - FRAME, 8000), speech.length / 2 + FRAME);
    expect(logSpectralDistance(reference, received, 0)).toBe(0);
  });

  test.each<{ name: string; reference: Int16Array; received: Int16Array; lag: number; code: AudioCompareErrorCode }>([
    { name: 'a negative lag', reference: speech, received: speech, lag: -1, code: 'bad_lag' },
    { name: 'a fractional lag', reference: speech, received: speech, lag: 0.5, code: 'bad_lag' },
    {
      name: 'signals shorter than a frame',
      reference: speech.subarray(0, 959),
      received: speech,
      lag: 0,
      code: 'too_short',
    },
    {
      name: 'a lag past the received signal',
      reference: speech,
      received: speech,
      lag: speech.length - 959,
      code: 'too_short',
    },
    { name: 'a silent reference', reference: new Int16Array(4800), received: speech, lag: 0, code: 'silent_reference' },
  ])('refuses $name', ({ reference, received, lag, code }) => {
    expect(errorCode(() => logSpectralDistance(reference, received, lag))).toBe(code);
  });
});

describe('Fft', () => {
  function naiveDft(re: Float64Array, im: Float64Array): [number[], number[]] {
    const n = re.length;
    const outRe: number[] = [];
    const outIm: number[] = [];
    for (let k = 0; k < n; k++) {
      let sumRe = 0;
      let sumIm = 0;
      for (let t = 0; t < n; t++) {
        const angle = (-2 * Math.PI * k * t) / n;
        sumRe += (re[t] as number) * Math.cos(angle) - (im[t] as number) * Math.sin(angle);
        sumIm += (re[t] as number) * Math.sin(angle) + (im[t] as number) * Math.cos(angle);
      }
      outRe.push(sumRe);
      outIm.push(sumIm);
    }
    return [outRe, outIm];
  }

  test.each([1, 2, 4, 16, 64])('matches the textbook DFT at size %d', (size) => {
    const re = Float64Array.from(noise(size, 1000, 3));
    const im = Float64Array.from(noise(size, 1000, 4));
    const [expectedRe, expectedIm] = naiveDft(re, im);
    new Fft(size).forward(re, im);
    for (const [k, value] of expectedRe.entries()) expect(re[k]).toBeCloseTo(value, 6);
    for (const [k, value] of expectedIm.entries()) expect(im[k]).toBeCloseTo(value, 6);
  });

  test('inverse undoes forward', () => {
    const original = Float64Array.from(noise(256, 1000, 5));
    const re = Float64Array.from(original);
    const im = new Float64Array(256);
    const fft = new Fft(256);
    fft.forward(re, im);
    fft.inverse(re, im);
    original.forEach((value, i) => {
      expect(re[i]).toBeCloseTo(value, 9);
      expect(im[i]).toBeCloseTo(0, 9);
    });
  });

  test.each([0, 3, 100, 1.5, 2 ** 31])('refuses size %p', (size) => {
    expect(() => new Fft(size)).toThrow(RangeError);
  });

  test('refuses arrays of the wrong length', () => {
    expect(() => new Fft(8).forward(new Float64Array(8), new Float64Array(4))).toThrow(
      'Fft: expected arrays of 8 values, got 8 and 4',
    );
  });
});
