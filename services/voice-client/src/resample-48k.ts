// Resampling mono audio from any rate in 8–192 kHz to the 48 kHz a call carries: a Kaiser-windowed sinc evaluated
// at each output instant, its cutoff just under the lower of the two Nyquist frequencies so downsampling low-passes.

export const TARGET_RATE = 48_000;
export const MIN_INPUT_RATE = 8_000;
export const MAX_INPUT_RATE = 192_000;

/** Sinc zero crossings on each side of the centre: with the window below, a transition band of ~16 % of the cutoff. */
const ZERO_CROSSINGS = 32;
/** Kaiser's β for about 80 dB of stopband attenuation: 0.1102 · (80 − 8.7). */
const KAISER_BETA = 7.857;
/** Cutoff as a fraction of the lower Nyquist frequency, so the transition band ends just below it (alias-free). */
const CUTOFF_FRACTION = 0.92;
/** Kernel table points per zero crossing; linear interpolation between them errs by under 1e-5 (about −100 dB). */
const TABLE_RESOLUTION = 512;

/** The rate is not an integer in MIN_INPUT_RATE..MAX_INPUT_RATE. */
export class UnsupportedSampleRateError extends Error {
  readonly code = 'unsupported_sample_rate';
  readonly rate: number;

  constructor(rate: number) {
    super(
      `sample rate ${rate} Hz is not supported: expected a whole number from ${MIN_INPUT_RATE} to ${MAX_INPUT_RATE}`,
    );
    this.name = new.target.name;
    this.rate = rate;
  }
}

/** The zeroth-order modified Bessel function of the first kind, by its power series (converges fast for x < 20). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > sum * 1e-17; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** The windowed sinc sampled at 0, 1/TABLE_RESOLUTION, … zero crossings, with two zeros past the end for lookups. */
const KERNEL = (() => {
  const points = ZERO_CROSSINGS * TABLE_RESOLUTION;
  const table = new Float64Array(points + 2);
  const norm = besselI0(KAISER_BETA);
  table[0] = 1;
  for (let i = 1; i <= points; i++) {
    const u = i / TABLE_RESOLUTION;
    const x = u / ZERO_CROSSINGS;
    table[i] =
      (Math.sin(Math.PI * u) / (Math.PI * u)) * (besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - x * x))) / norm);
  }
  return table;
})();

/**
 * `input`, sampled at `rate` Hz, resampled to 48 kHz: round(n · 48000 / rate) samples, output sample j taken at input
 * instant j · rate / 48000. Samples before the start and past the end count as silence. At 48 kHz, a copy.
 */
export function resampleTo48k(input: Float32Array, rate: number): Float32Array {
  if (!Number.isInteger(rate) || rate < MIN_INPUT_RATE || rate > MAX_INPUT_RATE) {
    throw new UnsupportedSampleRateError(rate);
  }
  if (rate === TARGET_RATE) return input.slice();
  const output = new Float32Array(Math.round((input.length * TARGET_RATE) / rate));
  // Zero crossings per input sample: 1 when upsampling; below 1 when downsampling, which widens the kernel.
  const scale = (CUTOFF_FRACTION * Math.min(rate, TARGET_RATE)) / rate;
  const reach = ZERO_CROSSINGS / scale;
  const last = input.length - 1;
  for (let j = 0; j < output.length; j++) {
    const t = (j * rate) / TARGET_RATE;
    const end = Math.min(last, Math.floor(t + reach));
    let sum = 0;
    for (let k = Math.max(0, Math.ceil(t - reach)); k <= end; k++) {
      const position = Math.abs(t - k) * scale * TABLE_RESOLUTION;
      const index = Math.floor(position);
      const below = KERNEL[index] as number;
      sum += (input[k] as number) * (below + (position - index) * ((KERNEL[index + 1] as number) - below));
    }
    output[j] = sum * scale;
  }
  return output;
}
