// Objective comparison of received call audio with the reference that was sent (both 48 kHz mono Int16): the delay
// and normalized cross-correlation that best align them, and the log-spectral distance once aligned.

import { Fft } from './fft.ts';

const RATE = 48_000;
/** The coarse lag search runs at 8 kHz, where speech keeps its energy and an FFT is 36 times cheaper. */
const DECIMATION = 6;
/** Fine lags tried on each side of the coarse estimate: two coarse steps absorb the coarse stage's rounding. */
const REFINE_REACH = 2 * DECIMATION;
/**
 * Coarse lags this close to the best count as ties, and the earliest wins: a periodic signal (the speech stand-in
 * repeats every second) matches equally at each repeat, and the repeats after the real delay only overlap less.
 */
const TIE_TOLERANCE = 1e-3;
/** A lag counts only while the overlap covers half the shorter signal; a few samples can match by chance. */
const MIN_OVERLAP_FRACTION = 0.5;
/** 20 ms analysis frames, the span over which speech is roughly stationary. */
const FRAME = 960;
const HOP = FRAME / 2;
const FRAME_FFT = 1024;
const FIRST_BIN = Math.ceil((100 * FRAME_FFT) / RATE);
const LAST_BIN = Math.floor((4000 * FRAME_FFT) / RATE);
/** Reference frames this far below the loudest one are pauses, not speech, and are not scored. */
const SILENCE_DB = 40;

export type AudioCompareErrorCode = 'empty_signal' | 'bad_max_lag' | 'bad_lag' | 'too_short' | 'silent_reference';

export class AudioCompareError extends Error {
  /** Machine-readable, stable across releases. */
  readonly code: AudioCompareErrorCode;

  constructor(code: AudioCompareErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface LagCorrelation {
  /** How many samples the received signal lags the reference. */
  readonly lag: number;
  /** Σ ref[i]·rec[i+lag] over the overlap, divided by both signals' energies there: 1 is an exact (scaled) copy. */
  readonly correlation: number;
}

function prefixEnergy(signal: ArrayLike<number>): Float64Array {
  const prefix = new Float64Array(signal.length + 1);
  for (let i = 0; i < signal.length; i++) prefix[i + 1] = (prefix[i] as number) + (signal[i] as number) ** 2;
  return prefix;
}

/** Normalizes raw cross products by the energies of the overlapping stretches of both signals. */
class Normalizer {
  readonly #reference: Float64Array;
  readonly #received: Float64Array;

  constructor(reference: ArrayLike<number>, received: ArrayLike<number>) {
    this.#reference = prefixEnergy(reference);
    this.#received = prefixEnergy(received);
  }

  overlap(lag: number): number {
    return Math.min(this.#reference.length - 1, this.#received.length - 1 - lag);
  }

  correlation(product: number, lag: number): number {
    const overlap = this.overlap(lag);
    const energy =
      (this.#reference[overlap] as number) *
      ((this.#received[lag + overlap] as number) - (this.#received[lag] as number));
    return energy > 0 ? product / Math.sqrt(energy) : 0;
  }
}

/** 48 kHz to 8 kHz by averaging groups of six: crude, but applied alike to both signals it keeps their alignment. */
function decimate(signal: Int16Array): Float64Array {
  const out = new Float64Array(Math.floor(signal.length / DECIMATION));
  for (let i = 0, j = 0; i < out.length; i++) {
    let sum = 0;
    for (const end = j + DECIMATION; j < end; j++) sum += signal[j] as number;
    out[i] = sum / DECIMATION;
  }
  return out;
}

/** Σ reference[i]·received[i+lag] for every lag in 0..lastLag, by one complex FFT of both signals and one inverse. */
function crossProducts(reference: Float64Array, received: Float64Array, lastLag: number): Float64Array {
  let size = 1;
  while (size < reference.length + lastLag) size *= 2;
  // Received samples past reference.length + lastLag meet no reference sample at these lags; dropping them keeps
  // the circular correlation free of wrap-around.
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(reference);
  im.set(received.subarray(0, reference.length + lastLag));
  const fft = new Fft(size);
  fft.forward(re, im);
  // Split the packed spectrum into R (reference) and V (received), then form V·conj(R).
  const productRe = new Float64Array(size);
  const productIm = new Float64Array(size);
  for (let k = 0; k < size; k++) {
    const m = (size - k) & (size - 1);
    const a = re[k] as number;
    const b = im[k] as number;
    const c = re[m] as number;
    const d = im[m] as number;
    const rRe = (a + c) / 2;
    const rIm = (b - d) / 2;
    const vRe = (b + d) / 2;
    const vIm = (c - a) / 2;
    productRe[k] = vRe * rRe + vIm * rIm;
    productIm[k] = vIm * rRe - vRe * rIm;
  }
  fft.inverse(productRe, productIm);
  return productRe.subarray(0, lastLag + 1);
}

function dot(reference: Int16Array, received: Int16Array, lag: number, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += (reference[i] as number) * (received[i + lag] as number);
  return sum;
}

/**
 * The lag in 0..maxLagSamples at which `received` best matches `reference`, with the normalized correlation there.
 * The search runs coarse to fine: every lag at 8 kHz through an FFT, then the 48 kHz lags around the best coarse one
 * exactly, so it assumes the signal has energy below 4 kHz (speech does). Of the coarse lags within TIE_TOLERANCE of
 * the best, the earliest is the one refined.
 */
export function bestLagCorrelation(
  reference: Int16Array,
  received: Int16Array,
  options: { maxLagSamples: number },
): LagCorrelation {
  const { maxLagSamples } = options;
  if (reference.length === 0 || received.length === 0) {
    throw new AudioCompareError('empty_signal', 'cannot correlate an empty signal');
  }
  if (!Number.isInteger(maxLagSamples) || maxLagSamples < 0) {
    throw new AudioCompareError('bad_max_lag', `maxLagSamples must be a whole number ≥ 0, got ${maxLagSamples}`);
  }
  const minOverlap = Math.ceil(MIN_OVERLAP_FRACTION * Math.min(reference.length, received.length));
  const lastLag = Math.min(maxLagSamples, received.length - minOverlap);

  const coarseReference = decimate(reference);
  const coarseReceived = decimate(received);
  const coarse = new Normalizer(coarseReference, coarseReceived);
  const products = crossProducts(coarseReference, coarseReceived, Math.floor(lastLag / DECIMATION));
  const coarseCorrelations = Array.from(products, (product, lag) => coarse.correlation(product, lag));
  const coarseBest = coarseCorrelations.reduce((max, c) => Math.max(max, c), Number.NEGATIVE_INFINITY);
  const coarseLag = coarseCorrelations.findIndex((c) => c >= coarseBest - TIE_TOLERANCE);

  const fine = new Normalizer(reference, received);
  let best: LagCorrelation = { lag: 0, correlation: Number.NEGATIVE_INFINITY };
  const from = Math.max(0, coarseLag * DECIMATION - REFINE_REACH);
  const to = Math.min(lastLag, coarseLag * DECIMATION + REFINE_REACH);
  for (let lag = from; lag <= to; lag++) {
    const correlation = fine.correlation(dot(reference, received, lag, fine.overlap(lag)), lag);
    if (correlation > best.correlation) best = { lag, correlation };
  }
  return best;
}

/** The periodic Hann window over one frame. */
const HANN = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
/** Per-bin power of Int16 rounding noise (variance 1/12) through the window: the floor below which nothing is heard. */
const POWER_FLOOR = HANN.reduce((sum, w) => sum + w * w, 0) / 12;

function framePowers(fft: Fft, signal: Int16Array, start: number): Float64Array {
  const re = new Float64Array(FRAME_FFT);
  const im = new Float64Array(FRAME_FFT);
  for (let i = 0; i < FRAME; i++) re[i] = (signal[start + i] as number) * (HANN[i] as number);
  fft.forward(re, im);
  const powers = new Float64Array(LAST_BIN - FIRST_BIN + 1);
  for (let k = FIRST_BIN; k <= LAST_BIN; k++) {
    powers[k - FIRST_BIN] = (re[k] as number) ** 2 + (im[k] as number) ** 2 + POWER_FLOOR;
  }
  return powers;
}

/**
 * The mean over 20 ms Hann frames (50 % overlap) of the RMS difference in dB between the two power spectra,
 * 100 Hz–4 kHz, with `received` shifted back by `lag`. Frames where the reference is 40 dB below its loudest frame
 * are skipped; a received frame that went silent still counts. 0 means identical spectra.
 */
export function logSpectralDistance(reference: Int16Array, received: Int16Array, lag: number): number {
  if (!Number.isInteger(lag) || lag < 0)
    throw new AudioCompareError('bad_lag', `lag must be a whole number ≥ 0, got ${lag}`);
  const starts: number[] = [];
  for (let start = 0; start + FRAME <= reference.length && lag + start + FRAME <= received.length; start += HOP) {
    starts.push(start);
  }
  if (starts.length === 0) {
    throw new AudioCompareError(
      'too_short',
      `the signals overlap by less than one ${FRAME}-sample frame at lag ${lag}`,
    );
  }
  const energy = prefixEnergy(reference);
  const frameEnergy = starts.map((start) => (energy[start + FRAME] as number) - (energy[start] as number));
  const loudest = frameEnergy.reduce((max, e) => Math.max(max, e), 0);
  if (loudest === 0) throw new AudioCompareError('silent_reference', 'the reference is silent');
  const threshold = loudest * 10 ** (-SILENCE_DB / 10);

  const fft = new Fft(FRAME_FFT);
  let total = 0;
  let scored = 0;
  starts.forEach((start, f) => {
    if ((frameEnergy[f] as number) < threshold) return;
    const sent = framePowers(fft, reference, start);
    const heard = framePowers(fft, received, lag + start);
    let squares = 0;
    for (let k = 0; k < sent.length; k++) squares += (10 * Math.log10((sent[k] as number) / (heard[k] as number))) ** 2;
    total += Math.sqrt(squares / sent.length);
    scored++;
  });
  return total / scored;
}
