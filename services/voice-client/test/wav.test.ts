import { describe, expect, test } from 'bun:test';
import { UnsupportedSampleRateError } from '../src/resample-48k.ts';
import { readWav, toMono48k, WavError, type WavErrorCode, writeWav } from '../src/wav.ts';

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;
const GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

function chunk(id: string, body: Uint8Array, declaredSize = body.length): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  out.set(Array.from(id, (c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, declaredSize, true);
  out.set(body, 8);
  return out;
}

interface FmtFields {
  tag: number;
  channels: number;
  rate: number;
  bits: number;
  blockAlign?: number;
  subformat?: readonly number[];
}

function fmt({ tag, channels, rate, bits, blockAlign, subformat }: FmtFields): Uint8Array {
  const body = new Uint8Array(subformat === undefined ? 16 : 40);
  const view = new DataView(body.buffer);
  const align = blockAlign ?? (channels * bits) / 8;
  view.setUint16(0, tag, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, rate, true);
  view.setUint32(8, rate * align, true);
  view.setUint16(12, align, true);
  view.setUint16(14, bits, true);
  if (subformat !== undefined) {
    view.setUint16(16, 22, true);
    view.setUint16(18, bits, true);
    body.set(subformat, 24);
  }
  return chunk('fmt ', body);
}

function riff(...chunks: Uint8Array[]): Uint8Array {
  const length = chunks.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(12 + length);
  out.set(Array.from('RIFF', (c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, 4 + length, true);
  out.set(
    Array.from('WAVE', (c) => c.charCodeAt(0)),
    8,
  );
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function data(write: (view: DataView) => void, size: number): Uint8Array {
  const body = new Uint8Array(size);
  write(new DataView(body.buffer));
  return chunk('data', body);
}

/** A data chunk holding `values`, `width` bytes apiece, each stored by `store`. */
function encoded(
  values: number[],
  width: number,
  store: (view: DataView, at: number, value: number) => void,
): Uint8Array {
  return data((view) => {
    for (const [i, value] of values.entries()) store(view, i * width, value);
  }, values.length * width);
}

function errorCode(run: () => unknown): WavErrorCode | 'no error' {
  try {
    run();
  } catch (error) {
    if (error instanceof WavError) return error.code;
    throw error;
  }
  return 'no error';
}

const mono16 = fmt({ tag: PCM, channels: 1, rate: 16_000, bits: 16 });
const twoSamples16 = data((v) => {
  v.setInt16(0, 16384, true);
  v.setInt16(2, -32768, true);
}, 4);

describe('readWav', () => {
  test.each([
    {
      name: 'PCM 8-bit (unsigned, 128 is zero)',
      fmt: { tag: PCM, channels: 1, rate: 8000, bits: 8 },
      data: encoded([0, 128, 192], 1, (v, at, x) => v.setUint8(at, x)),
      expected: [-1, 0, 0.5],
    },
    {
      name: 'PCM 16-bit',
      fmt: { tag: PCM, channels: 1, rate: 8000, bits: 16 },
      data: encoded([-32768, 0, 16384], 2, (v, at, x) => v.setInt16(at, x, true)),
      expected: [-1, 0, 0.5],
    },
    {
      name: 'PCM 24-bit',
      fmt: { tag: PCM, channels: 1, rate: 8000, bits: 24 },
      data: data((v) => {
        v.setUint16(0, 0x0000, true);
        v.setInt8(2, -128);
        v.setUint16(6, 0x0000, true);
        v.setInt8(8, 0x40);
      }, 9),
      expected: [-1, 0, 0.5],
    },
    {
      name: 'PCM 32-bit',
      fmt: { tag: PCM, channels: 1, rate: 8000, bits: 32 },
      data: encoded([-2147483648, 0, 1073741824], 4, (v, at, x) => v.setInt32(at, x, true)),
      expected: [-1, 0, 0.5],
    },
    {
      name: 'float 32-bit',
      fmt: { tag: FLOAT, channels: 1, rate: 8000, bits: 32 },
      data: encoded([-1, 0, 1.5], 4, (v, at, x) => v.setFloat32(at, x, true)),
      expected: [-1, 0, 1.5],
    },
    {
      name: 'float 64-bit',
      fmt: { tag: FLOAT, channels: 1, rate: 8000, bits: 64 },
      data: encoded([-1, 0, 0.25], 8, (v, at, x) => v.setFloat64(at, x, true)),
      expected: [-1, 0, 0.25],
    },
    {
      name: 'extensible PCM 24-bit',
      fmt: { tag: EXTENSIBLE, channels: 1, rate: 8000, bits: 24, subformat: [0x01, 0x00, ...GUID_TAIL] },
      data: data((v) => v.setInt8(2, 0x40), 3),
      expected: [0.5],
    },
    {
      name: 'extensible float 32-bit',
      fmt: { tag: EXTENSIBLE, channels: 1, rate: 8000, bits: 32, subformat: [0x03, 0x00, ...GUID_TAIL] },
      data: data((v) => v.setFloat32(0, -0.75, true), 4),
      expected: [-0.75],
    },
  ])('decodes $name to ±1 full scale', ({ fmt: fields, data: dataChunk, expected }) => {
    expect(readWav(riff(fmt(fields), dataChunk))).toEqual({
      sampleRate: 8000,
      channels: 1,
      samples: [Float32Array.from(expected)],
    });
  });

  test('splits interleaved stereo into one array per channel', () => {
    const stereo = fmt({ tag: PCM, channels: 2, rate: 44_100, bits: 16 });
    const frames = encoded([16384, -16384, 8192, -8192], 2, (v, at, x) => v.setInt16(at, x, true));
    expect(readWav(riff(stereo, frames))).toEqual({
      sampleRate: 44_100,
      channels: 2,
      samples: [Float32Array.from([0.5, 0.25]), Float32Array.from([-0.5, -0.25])],
    });
  });

  test('skips unknown chunks, including the pad byte after an odd-sized one', () => {
    const list = chunk('LIST', new Uint8Array([1, 2, 3, 4, 5]));
    const fact = chunk('fact', new Uint8Array(4));
    const file = riff(list, mono16, fact, chunk('junk', new Uint8Array(3)), twoSamples16, list);
    expect(readWav(file).samples).toEqual([Float32Array.from([0.5, -1])]);
  });

  test('accepts a data chunk that comes before the fmt chunk', () => {
    expect(readWav(riff(twoSamples16, mono16)).samples).toEqual([Float32Array.from([0.5, -1])]);
  });

  test('ignores a trailing chunk cut short after the data', () => {
    const file = riff(mono16, twoSamples16, chunk('LIST', new Uint8Array(4), 1000));
    expect(readWav(file).samples).toEqual([Float32Array.from([0.5, -1])]);
  });

  test('drops a trailing partial frame when the data size is not a whole number of frames', () => {
    const stereo = fmt({ tag: PCM, channels: 2, rate: 8000, bits: 16 });
    const ragged = encoded([16384, -16384, 8192], 2, (v, at, x) => v.setInt16(at, x, true));
    expect(readWav(riff(stereo, ragged)).samples).toEqual([Float32Array.from([0.5]), Float32Array.from([-0.5])]);
  });

  test('reads a file that sits at an offset inside a larger buffer', () => {
    const file = riff(mono16, twoSamples16);
    const buffer = new Uint8Array(file.length + 3);
    buffer.set(file, 3);
    expect(readWav(buffer.subarray(3)).samples).toEqual([Float32Array.from([0.5, -1])]);
  });

  const badGuid = [0x01, 0x00, ...GUID_TAIL.slice(0, -1), 0x00];
  test.each<{ name: string; file: Uint8Array; code: WavErrorCode }>([
    { name: 'an empty file', file: new Uint8Array(0), code: 'not_riff' },
    { name: 'a file shorter than the RIFF header', file: new Uint8Array([0x52, 0x49, 0x46, 0x46]), code: 'not_riff' },
    {
      name: 'a RIFX (big-endian) file',
      file: Uint8Array.from('RIFX\0\0\0\0WAVE', (c) => c.charCodeAt(0)),
      code: 'not_riff',
    },
    {
      name: 'a RIFF file of another type',
      file: Uint8Array.from('RIFF\x04\0\0\0AVI ', (c) => c.charCodeAt(0)),
      code: 'not_wave',
    },
    { name: 'no fmt chunk', file: riff(twoSamples16), code: 'no_fmt' },
    { name: 'no data chunk', file: riff(mono16), code: 'no_data' },
    {
      name: 'a fmt chunk under 16 bytes',
      file: riff(chunk('fmt ', new Uint8Array(14)), twoSamples16),
      code: 'bad_fmt',
    },
    {
      name: 'a fmt chunk running past the end',
      file: riff(chunk('fmt ', new Uint8Array(16), 18)),
      code: 'bad_fmt',
    },
    {
      name: 'an extensible fmt chunk under 40 bytes',
      file: riff(chunk('fmt ', fmt({ tag: EXTENSIBLE, channels: 1, rate: 8000, bits: 16 }).subarray(8)), twoSamples16),
      code: 'bad_fmt',
    },
    {
      name: 'ADPCM (format tag 2)',
      file: riff(fmt({ tag: 2, channels: 1, rate: 8000, bits: 4, blockAlign: 256 }), twoSamples16),
      code: 'unsupported_format',
    },
    {
      name: 'PCM with 12 bits per sample',
      file: riff(fmt({ tag: PCM, channels: 1, rate: 8000, bits: 12, blockAlign: 2 }), twoSamples16),
      code: 'unsupported_format',
    },
    {
      name: '16-bit float',
      file: riff(fmt({ tag: FLOAT, channels: 1, rate: 8000, bits: 16 }), twoSamples16),
      code: 'unsupported_format',
    },
    {
      name: 'an extensible file with an unknown subformat GUID',
      file: riff(fmt({ tag: EXTENSIBLE, channels: 1, rate: 8000, bits: 16, subformat: badGuid }), twoSamples16),
      code: 'unsupported_format',
    },
    {
      name: 'zero channels',
      file: riff(fmt({ tag: PCM, channels: 0, rate: 8000, bits: 16 }), twoSamples16),
      code: 'zero_channels',
    },
    {
      name: 'a sample rate of 0 Hz',
      file: riff(fmt({ tag: PCM, channels: 1, rate: 0, bits: 16 }), twoSamples16),
      code: 'bad_sample_rate',
    },
    {
      name: 'a block align that does not match the channels and bits',
      file: riff(fmt({ tag: PCM, channels: 2, rate: 8000, bits: 16, blockAlign: 2 }), twoSamples16),
      code: 'bad_block_align',
    },
    {
      name: 'a data chunk longer than the file',
      file: riff(mono16, chunk('data', new Uint8Array(4), 6)),
      code: 'truncated_data',
    },
    {
      name: 'a streaming placeholder data size (0xFFFFFFFF)',
      file: riff(mono16, chunk('data', new Uint8Array(4), 0xffffffff)),
      code: 'truncated_data',
    },
    {
      name: 'a NaN float sample',
      file: riff(
        fmt({ tag: FLOAT, channels: 1, rate: 8000, bits: 32 }),
        data((v) => v.setFloat32(0, Number.NaN, true), 4),
      ),
      code: 'non_finite_sample',
    },
  ])('refuses $name with $code', ({ file, code }) => {
    expect(errorCode(() => readWav(file))).toBe(code);
  });

  test('errors carry a readable message and their class name', () => {
    try {
      readWav(riff(mono16, chunk('data', new Uint8Array(4), 6)));
      throw new Error('readWav accepted a truncated file');
    } catch (error) {
      expect(error).toBeInstanceOf(WavError);
      expect(error).toMatchObject({ name: 'WavError', message: 'data chunk claims 6 bytes, the file holds 4' });
    }
  });
});

describe('writeWav', () => {
  test('writes a canonical 44-byte header followed by little-endian samples', () => {
    const bytes = writeWav(Int16Array.from([1, -2]), 48_000);
    const view = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect({
      riff: text(0),
      riffSize: view.getUint32(4, true),
      wave: text(8),
      fmt: text(12),
      fmtSize: view.getUint32(16, true),
      tag: view.getUint16(20, true),
      channels: view.getUint16(22, true),
      rate: view.getUint32(24, true),
      byteRate: view.getUint32(28, true),
      blockAlign: view.getUint16(32, true),
      bits: view.getUint16(34, true),
      data: text(36),
      dataSize: view.getUint32(40, true),
      samples: Array.from(bytes.subarray(44)),
    }).toEqual({
      riff: 'RIFF',
      riffSize: 40,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      tag: 1,
      channels: 1,
      rate: 48_000,
      byteRate: 96_000,
      blockAlign: 2,
      bits: 16,
      data: 'data',
      dataSize: 4,
      samples: [0x01, 0x00, 0xfe, 0xff],
    });
  });

  test('round-trips through readWav', () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768, 12345]);
    expect(readWav(writeWav(pcm, 22_050))).toEqual({
      sampleRate: 22_050,
      channels: 1,
      samples: [Float32Array.from(pcm, (x) => x / 32768)],
    });
  });

  test.each([0, -1, 44_100.5, Number.NaN, 2 ** 31])('refuses a sample rate of %p', (rate) => {
    expect(errorCode(() => writeWav(new Int16Array(1), rate))).toBe('bad_sample_rate');
  });
});

describe('toMono48k', () => {
  test('leaves 48 kHz mono 16-bit audio bit-exact', () => {
    const pcm = Int16Array.from({ length: 4800 }, (_, i) => Math.round(20_000 * Math.sin(i / 7)));
    expect(toMono48k(readWav(writeWav(pcm, 48_000)))).toEqual(pcm);
  });

  test('averages the channels', () => {
    const audio = {
      sampleRate: 48_000,
      channels: 2,
      samples: [Float32Array.from([0.5, 0]), Float32Array.from([0, -0.25])],
    };
    expect(toMono48k(audio)).toEqual(Int16Array.from([8192, -4096]));
  });

  test('clips past full scale instead of wrapping', () => {
    const audio = { sampleRate: 48_000, channels: 1, samples: [Float32Array.from([1.5, -1.5, 1])] };
    expect(toMono48k(audio)).toEqual(Int16Array.from([32767, -32768, 32767]));
  });

  test('resamples other rates to 48 kHz', () => {
    const audio = { sampleRate: 16_000, channels: 2, samples: [new Float32Array(1600), new Float32Array(1600)] };
    expect(toMono48k(audio).length).toBe(4800);
  });

  test('refuses audio without channels', () => {
    expect(errorCode(() => toMono48k({ sampleRate: 48_000, channels: 0, samples: [] }))).toBe('zero_channels');
  });

  test('passes on the resampler refusing a rate it does not cover', () => {
    const audio = { sampleRate: 4000, channels: 1, samples: [new Float32Array(10)] };
    expect(() => toMono48k(audio)).toThrow(UnsupportedSampleRateError);
  });
});
