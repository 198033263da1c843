// WAV files: reading RIFF/WAVE integer PCM and IEEE float into per-channel samples, writing 16-bit mono PCM, and
// turning what was read into the 48 kHz mono Int16 PCM a call carries.

import { resampleTo48k } from './resample-48k.ts';

export type WavErrorCode =
  | 'not_riff'
  | 'not_wave'
  | 'no_fmt'
  | 'bad_fmt'
  | 'no_data'
  | 'unsupported_format'
  | 'zero_channels'
  | 'bad_block_align'
  | 'bad_sample_rate'
  | 'truncated_data'
  | 'non_finite_sample'
  | 'too_large';

export class WavError extends Error {
  /** Machine-readable, stable across releases. */
  readonly code: WavErrorCode;

  constructor(code: WavErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Decoded audio: one array per channel, full scale at ±1 (float files may go past it). */
export interface WavAudio {
  readonly sampleRate: number;
  readonly channels: number;
  readonly samples: Float32Array[];
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** The `fmt ` fields every format has: tag, channels, rate, byte rate, block align, bits per sample. */
const FMT_BASE_SIZE = 16;
/** WAVEFORMATEXTENSIBLE adds cbSize, valid bits, channel mask and the 16-byte subformat GUID. */
const FMT_EXTENSIBLE_SIZE = 40;
/** Offset of the subformat GUID inside an extensible `fmt ` chunk. */
const SUBFORMAT_OFFSET = 24;
/** KSDATAFORMAT_SUBTYPE_PCM and _IEEE_FLOAT are this GUID with their format tag in the first two bytes. */
const SUBFORMAT_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
/** writeWav's header: RIFF, WAVE, a 16-byte `fmt ` chunk and the data chunk's header. */
const HEADER_SIZE = 44;
/** The byte rate (rate × 2) has to fit its unsigned 32-bit field. */
const MAX_WRITE_RATE = 0x7fffffff;
const MAX_CHUNK_SIZE = 0xffffffff;

type SampleReader = (view: DataView, offset: number) => number;

interface Format {
  readonly sampleRate: number;
  readonly channels: number;
  readonly blockAlign: number;
  readonly bytesPerSample: number;
  readonly read: SampleReader;
}

/** Readers keyed by `${format tag}/${bits}`, each scaling its integers so full scale is ±1. */
const READERS: ReadonlyMap<string, SampleReader> = new Map([
  [`${WAVE_FORMAT_PCM}/8`, (view, at) => (view.getUint8(at) - 128) / 128],
  [`${WAVE_FORMAT_PCM}/16`, (view, at) => view.getInt16(at, true) / 32768],
  [`${WAVE_FORMAT_PCM}/24`, (view, at) => ((view.getInt8(at + 2) << 16) | view.getUint16(at, true)) / 8388608],
  [`${WAVE_FORMAT_PCM}/32`, (view, at) => view.getInt32(at, true) / 2147483648],
  [`${WAVE_FORMAT_IEEE_FLOAT}/32`, (view, at) => view.getFloat32(at, true)],
  [`${WAVE_FORMAT_IEEE_FLOAT}/64`, (view, at) => view.getFloat64(at, true)],
]);

function fourCC(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

function subformatTag(bytes: Uint8Array, at: number): number | null {
  const guid = bytes.subarray(at + SUBFORMAT_OFFSET, at + SUBFORMAT_OFFSET + 16);
  const matches = SUBFORMAT_GUID_TAIL.every((byte, i) => guid[i + 2] === byte);
  return matches ? (guid[0] as number) | ((guid[1] as number) << 8) : null;
}

function parseFormat(bytes: Uint8Array, view: DataView, at: number, size: number): Format {
  if (size < FMT_BASE_SIZE) throw new WavError('bad_fmt', `fmt chunk is ${size} bytes, needs ${FMT_BASE_SIZE}`);
  if (at + size > bytes.length) throw new WavError('bad_fmt', 'fmt chunk runs past the end of the file');
  let tag = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bits = view.getUint16(at + 14, true);
  if (tag === WAVE_FORMAT_EXTENSIBLE) {
    if (size < FMT_EXTENSIBLE_SIZE) {
      throw new WavError('bad_fmt', `extensible fmt chunk is ${size} bytes, needs ${FMT_EXTENSIBLE_SIZE}`);
    }
    const subformat = subformatTag(bytes, at);
    if (subformat === null) throw new WavError('unsupported_format', 'extensible subformat is neither PCM nor float');
    tag = subformat;
  }
  const read = READERS.get(`${tag}/${bits}`);
  if (read === undefined) {
    throw new WavError(
      'unsupported_format',
      `format tag ${tag} with ${bits} bits per sample is not supported (PCM 8/16/24/32 or float 32/64 only)`,
    );
  }
  if (channels === 0) throw new WavError('zero_channels', 'fmt chunk declares zero channels');
  if (sampleRate === 0) throw new WavError('bad_sample_rate', 'fmt chunk declares a sample rate of 0 Hz');
  const bytesPerSample = bits / 8;
  if (blockAlign !== channels * bytesPerSample) {
    throw new WavError(
      'bad_block_align',
      `block align ${blockAlign} does not match ${channels} channels of ${bytesPerSample} bytes`,
    );
  }
  return { sampleRate, channels, blockAlign, bytesPerSample, read };
}

function decode(format: Format, data: Uint8Array): Float32Array[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // A data chunk that stops part-way into a frame (a ragged end) loses that last partial frame.
  const frames = Math.floor(data.length / format.blockAlign);
  const samples = Array.from({ length: format.channels }, () => new Float32Array(frames));
  samples.forEach((channel, c) => {
    for (let f = 0, at = c * format.bytesPerSample; f < frames; f++, at += format.blockAlign) {
      const value = format.read(view, at);
      if (!Number.isFinite(value)) {
        throw new WavError('non_finite_sample', `sample ${f} of channel ${c} is ${value}, not a finite number`);
      }
      channel[f] = value;
    }
  });
  return samples;
}

/**
 * Decodes a RIFF/WAVE file. Chunks other than `fmt ` and `data` (LIST, fact, …) are skipped, honouring the pad byte
 * after odd-sized chunks; the RIFF size field is ignored, since writers often get it wrong. A data chunk that claims
 * more bytes than the file holds is refused (`truncated_data`) rather than cut short, so a damaged file never
 * passes for a shorter recording.
 */
export function readWav(bytes: Uint8Array): WavAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || fourCC(bytes, 0) !== 'RIFF') throw new WavError('not_riff', 'not a RIFF file');
  if (fourCC(bytes, 8) !== 'WAVE') throw new WavError('not_wave', 'RIFF file is not of type WAVE');
  let format: Format | null = null;
  let data: Uint8Array | null = null;
  for (let at = 12; at + 8 <= bytes.length && (format === null || data === null); ) {
    const id = fourCC(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && format === null) {
      format = parseFormat(bytes, view, body, size);
    } else if (id === 'data' && data === null) {
      if (body + size > bytes.length) {
        throw new WavError('truncated_data', `data chunk claims ${size} bytes, the file holds ${bytes.length - body}`);
      }
      data = bytes.subarray(body, body + size);
    }
    at = body + size + (size & 1);
  }
  if (format === null) throw new WavError('no_fmt', 'no fmt chunk');
  if (data === null) throw new WavError('no_data', 'no data chunk');
  return { sampleRate: format.sampleRate, channels: format.channels, samples: decode(format, data) };
}

/** A mono 16-bit PCM WAV file of `pcm` at `sampleRate` Hz. */
export function writeWav(pcm: Int16Array, sampleRate: number): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > MAX_WRITE_RATE) {
    throw new WavError(
      'bad_sample_rate',
      `sample rate ${sampleRate} Hz is not a whole number from 1 to ${MAX_WRITE_RATE}`,
    );
  }
  const dataSize = pcm.length * 2;
  if (HEADER_SIZE - 8 + dataSize > MAX_CHUNK_SIZE) {
    throw new WavError('too_large', `${pcm.length} samples do not fit a WAV file's 32-bit sizes`);
  }
  const bytes = new Uint8Array(HEADER_SIZE + dataSize);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) =>
    bytes.set(
      Array.from(text, (ch) => ch.charCodeAt(0)),
      at,
    );
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_SIZE - 8 + dataSize, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, FMT_BASE_SIZE, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataSize, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(HEADER_SIZE + 2 * i, pcm[i] as number, true);
  return bytes;
}

/** Averages the channels, resamples to 48 kHz and rounds to Int16, clipping anything past full scale. */
export function toMono48k(wav: WavAudio): Int16Array {
  const [first, ...rest] = wav.samples;
  if (first === undefined) throw new WavError('zero_channels', 'audio has no channels');
  let mono = first;
  if (rest.length > 0) {
    mono = new Float32Array(first.length);
    for (let i = 0; i < mono.length; i++) {
      let sum = first[i] as number;
      for (const channel of rest) sum += channel[i] as number;
      mono[i] = sum / wav.samples.length;
    }
  }
  const resampled = resampleTo48k(mono, wav.sampleRate);
  const pcm = new Int16Array(resampled.length);
  for (let i = 0; i < pcm.length; i++) {
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((resampled[i] as number) * 32768)));
  }
  return pcm;
}
