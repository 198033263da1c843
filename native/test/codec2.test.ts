import { afterEach, describe, expect, test } from 'bun:test';
import { Codec2Decoder, Codec2Encoder, Codec2Error, type Codec2Mode } from '../src/codec2.ts';

const created: { destroy(): void }[] = [];
function track<T extends { destroy(): void }>(c: T): T {
  created.push(c);
  return c;
}
afterEach(() => {
  for (const c of created.splice(0)) c.destroy();
});

/** Voiced-speech stand-in: harmonics at 200/400/800 Hz under a 3 Hz syllable-rate envelope. */
function speechLike(samples: number, offset = 0): Int16Array {
  const out = new Int16Array(samples);
  for (let i = 0; i < samples; i++) {
    const t = (i + offset) / 48000;
    const env = 0.55 + 0.45 * Math.sin(2 * Math.PI * 3 * t);
    const s =
      Math.sin(2 * Math.PI * 200 * t) + 0.6 * Math.sin(2 * Math.PI * 400 * t) + 0.3 * Math.sin(2 * Math.PI * 800 * t);
    out[i] = Math.round(6000 * env * s);
  }
  return out;
}

function energy(pcm: Int16Array, from = 0): number {
  let e = 0;
  for (let i = from; i < pcm.length; i++) e += (pcm[i] as number) ** 2;
  return e / Math.max(1, pcm.length - from);
}

/** Power of one frequency via a single DFT bin (Goertzel-free, the signal is short). */
function binPower(pcm: Int16Array, freq: number, rate = 48000): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < pcm.length; i++) {
    const w = (2 * Math.PI * freq * i) / rate;
    re += (pcm[i] as number) * Math.cos(w);
    im -= (pcm[i] as number) * Math.sin(w);
  }
  return (re * re + im * im) / pcm.length;
}

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const modes: { mode: Codec2Mode; pcm: number; bytes: number }[] = [
  { mode: 3200, pcm: 960, bytes: 8 },
  { mode: 1200, pcm: 1920, bytes: 6 },
];

describe.each(modes)('Codec2 $mode', ({ mode, pcm, bytes }) => {
  test('frame geometry comes from libcodec2', () => {
    const enc = track(new Codec2Encoder(mode));
    expect(enc.pcmSamplesPerFrame).toBe(pcm);
    expect(enc.bytesPerFrame).toBe(bytes);
  });

  test('round trip keeps length, energy and band', () => {
    const enc = track(new Codec2Encoder(mode));
    const dec = track(new Codec2Decoder(mode));
    const frames = Math.round(48000 / pcm); // ~1 s
    const input = speechLike(frames * pcm);
    const outs: Int16Array[] = [];
    for (let f = 0; f < frames; f++) {
      const frame = enc.encode(input.subarray(f * pcm, (f + 1) * pcm));
      expect(frame).toBeInstanceOf(Uint8Array);
      expect(frame.length).toBe(bytes);
      const out = dec.decode(frame);
      expect(out.length).toBe(pcm);
      outs.push(out);
    }
    const output = concat(outs);
    // Skip the first 100 ms: the vocoder needs a few frames to converge.
    const skip = 4800;
    const ratio = energy(output, skip) / energy(input, skip);
    // Measured: ~0.49 at 3200, ~0.27 at 1200 (the 1200 quantiser loses level; the resampler alone keeps ~0.98).
    expect(ratio).toBeGreaterThan(1 / 6);
    expect(ratio).toBeLessThan(4);
    // Energy should sit in the speech band, not in images above the 4 kHz Codec2 Nyquist.
    const low = [200, 400, 800].reduce((s, f) => s + binPower(output.subarray(skip), f), 0);
    const high = [5000, 6000, 8000, 12000].reduce((s, f) => s + binPower(output.subarray(skip), f), 0);
    expect(low).toBeGreaterThan(10 * high);
  });

  test('decodeMissing conceals then fades to silence', () => {
    const enc = track(new Codec2Encoder(mode));
    const dec = track(new Codec2Decoder(mode));
    expect(Array.from(dec.decodeMissing()).every((v) => v === 0)).toBe(true); // nothing to repeat yet
    for (let f = 0; f < 5; f++) dec.decode(enc.encode(speechLike(pcm, f * pcm)));
    const first = dec.decodeMissing();
    const second = dec.decodeMissing();
    expect(first.length).toBe(pcm);
    expect(energy(first)).toBeGreaterThan(0);
    expect(energy(second)).toBeLessThan(energy(first));
    dec.decodeMissing();
    expect(dec.decodeMissing().every((v) => v === 0)).toBe(true);
  });
});

describe('mode switching', () => {
  test('switches instantly mid-stream on both sides', () => {
    const enc = track(new Codec2Encoder(3200));
    const dec = track(new Codec2Decoder(3200));
    let offset = 0;
    for (let f = 0; f < 10; f++) {
      const out = dec.decode(enc.encode(speechLike(960, offset)));
      expect(out.length).toBe(960);
      offset += 960;
    }
    enc.setMode(1200);
    dec.setMode(1200);
    expect(enc.mode).toBe(1200);
    const frame = enc.encode(speechLike(1920, offset));
    expect(frame.length).toBe(6);
    expect(dec.decode(frame).length).toBe(1920);
    expect(() => enc.encode(speechLike(960))).toThrow(Codec2Error);
    enc.setMode(3200);
    dec.setMode(3200);
    expect(dec.decode(enc.encode(speechLike(960))).length).toBe(960);
  });
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(Codec2Error);
    return (err as Codec2Error).code;
  }
  return undefined;
}

describe('bad input gives typed errors', () => {
  const cases: [string, () => unknown, string][] = [
    ['pcm 0 @3200', () => track(new Codec2Encoder(3200)).encode(new Int16Array(0)), 'BAD_PCM_LENGTH'],
    ['pcm 959 @3200', () => track(new Codec2Encoder(3200)).encode(new Int16Array(959)), 'BAD_PCM_LENGTH'],
    ['pcm 961 @3200', () => track(new Codec2Encoder(3200)).encode(new Int16Array(961)), 'BAD_PCM_LENGTH'],
    ['pcm 1920 @3200', () => track(new Codec2Encoder(3200)).encode(new Int16Array(1920)), 'BAD_PCM_LENGTH'],
    ['pcm 960 @1200', () => track(new Codec2Encoder(1200)).encode(new Int16Array(960)), 'BAD_PCM_LENGTH'],
    [
      'pcm not Int16Array',
      () => track(new Codec2Encoder(3200)).encode(new Float32Array(960) as unknown as Int16Array),
      'BAD_PCM_LENGTH',
    ],
    ['bytes 0 @3200', () => track(new Codec2Decoder(3200)).decode(new Uint8Array(0)), 'BAD_BYTE_LENGTH'],
    ['bytes 6 @3200', () => track(new Codec2Decoder(3200)).decode(new Uint8Array(6)), 'BAD_BYTE_LENGTH'],
    ['bytes 9 @3200', () => track(new Codec2Decoder(3200)).decode(new Uint8Array(9)), 'BAD_BYTE_LENGTH'],
    ['bytes 8 @1200', () => track(new Codec2Decoder(1200)).decode(new Uint8Array(8)), 'BAD_BYTE_LENGTH'],
    ['mode 0', () => new Codec2Encoder(0 as Codec2Mode), 'BAD_MODE'],
    ['mode 700', () => new Codec2Decoder(700 as Codec2Mode), 'BAD_MODE'],
    ['mode NaN', () => new Codec2Encoder(Number.NaN as Codec2Mode), 'BAD_MODE'],
    ['setMode 700', () => track(new Codec2Encoder(3200)).setMode(700 as Codec2Mode), 'BAD_MODE'],
  ];
  test.each(cases)('%s', (_name, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  test('failed setMode leaves the codec usable', () => {
    const enc = track(new Codec2Encoder(3200));
    expect(codeOf(() => enc.setMode(Number.NaN as Codec2Mode))).toBe('BAD_MODE');
    expect(enc.encode(new Int16Array(960)).length).toBe(8);
  });

  test('use after destroy throws DESTROYED, double destroy is harmless', () => {
    const enc = new Codec2Encoder(3200);
    const dec = new Codec2Decoder(1200);
    enc.destroy();
    dec.destroy();
    enc.destroy();
    expect(codeOf(() => enc.encode(new Int16Array(960)))).toBe('DESTROYED');
    expect(codeOf(() => enc.setMode(1200))).toBe('DESTROYED');
    expect(codeOf(() => dec.decode(new Uint8Array(6)))).toBe('DESTROYED');
    expect(codeOf(() => dec.decodeMissing())).toBe('DESTROYED');
  });
});

describe('resources', () => {
  test('2,000 create/destroy cycles and 20,000 frames keep RSS growth under 20 MB', () => {
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 2000; i++) {
      const mode: Codec2Mode = i % 2 ? 1200 : 3200;
      const enc = new Codec2Encoder(mode);
      const dec = new Codec2Decoder(mode);
      dec.decode(enc.encode(new Int16Array(enc.pcmSamplesPerFrame)));
      enc.destroy();
      dec.destroy();
    }
    const enc = track(new Codec2Encoder(3200));
    const dec = track(new Codec2Decoder(3200));
    const pcm = speechLike(960);
    for (let i = 0; i < 20000; i++) dec.decode(enc.encode(pcm));
    Bun.gc(true);
    const growth = process.memoryUsage().rss - before;
    expect(growth).toBeLessThan(20 * 1024 * 1024);
  }, 10000);
});
