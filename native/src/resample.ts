/** Ratio between the voice pipeline rate (48 kHz) and the Codec2 rate (8 kHz). */
export const RESAMPLE_FACTOR = 6;

/**
 * 48 kHz → 8 kHz by averaging each group of 6 samples (box filter).
 * Crude anti-aliasing, but Codec2 is a vocoder that models the spectrum anyway, so a cheap filter is enough.
 */
export function decimate48to8(input: Int16Array): Int16Array {
  if (input.length % RESAMPLE_FACTOR !== 0) {
    throw new RangeError(`decimate48to8: input length ${input.length} is not a multiple of ${RESAMPLE_FACTOR}`);
  }
  const out = new Int16Array(input.length / RESAMPLE_FACTOR);
  for (let i = 0, j = 0; i < out.length; i++, j += RESAMPLE_FACTOR) {
    const sum =
      (input[j] as number) +
      (input[j + 1] as number) +
      (input[j + 2] as number) +
      (input[j + 3] as number) +
      (input[j + 4] as number) +
      (input[j + 5] as number);
    // The mean of Int16 values is always within Int16 range, so no clamping is needed.
    out[i] = Math.round(sum / RESAMPLE_FACTOR);
  }
  return out;
}

/**
 * 8 kHz → 48 kHz by linear interpolation between neighbouring samples.
 * The last sample is held because the next frame's first sample is not known yet (keeps frames independent).
 */
export function interpolate8to48(input: Int16Array): Int16Array {
  const out = new Int16Array(input.length * RESAMPLE_FACTOR);
  for (let i = 0; i < input.length; i++) {
    const a = input[i] as number;
    const b = i + 1 < input.length ? (input[i + 1] as number) : a;
    const base = i * RESAMPLE_FACTOR;
    for (let k = 0; k < RESAMPLE_FACTOR; k++) {
      out[base + k] = Math.round(a + ((b - a) * k) / RESAMPLE_FACTOR);
    }
  }
  return out;
}
