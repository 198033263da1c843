import { afterAll, describe, expect, test } from 'bun:test';
import {
  OPUS_BITRATE_PRESETS,
  OPUS_FRAME_SIZES,
  OpusDecoder,
  OpusEncoder,
  OpusError,
  type OpusErrorCode,
} from '../src/opus.ts';

import { speechFrames } from './speech-signal.ts';

const RATE = 48_000;
/** Opus's 48 kHz algorithmic delay is 312 samples; searching up to 10 ms covers it with margin. */
const MAX_LAG = 480;
/** Skip the encoder's start-up frames, which ramp in from silence. */
const WARMUP_FRAMES = 5;

/** Phase-continuous 440 Hz sine split into frames, so frame boundaries don't add clicks. */
function sineFrames(frameSize: number, frames: number, amplitude = 10_000, freq = 440): Int16Array[] {
  const out: Int16Array[] = [];
  for (let f = 0; f < frames; f++) {
    const pcm = new Int16Array(frameSize);
    for (let i = 0; i < frameSize; i++) {
      pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * freq * (f * frameSize + i)) / RATE));
    }
    out.push(pcm);
  }
  return out;
}

function concat(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

function energy(pcm: Int16Array): number {
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return sum / Math.max(1, pcm.length);
}

/** Normalised correlation of two equal-length signals at lag 0. */
function correlationAt(a: Int16Array, b: Int16Array): number {
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    xy += x * y;
    xx += x * x;
    yy += y * y;
  }
  return xy / Math.sqrt(xx * yy || 1);
}

/** Best normalised correlation of output against input over lags 0..MAX_LAG (codec delay). */
function bestCorrelation(input: Int16Array, output: Int16Array, from: number): number {
  const len = input.length - from - MAX_LAG;
  let best = -1;
  for (let lag = 0; lag <= MAX_LAG; lag++) {
    let xy = 0;
    let xx = 0;
    let yy = 0;
    for (let i = from; i < from + len; i++) {
      const x = input[i] ?? 0;
      const y = output[i + lag] ?? 0;
      xy += x * y;
      xx += x * x;
      yy += y * y;
    }
    const r = xy / Math.sqrt(xx * yy || 1);
    if (r > best) best = r;
  }
  return best;
}

function roundTrip(bitrate: number, frameSize: number, frames = 50) {
  const enc = new OpusEncoder(bitrate);
  const dec = new OpusDecoder();
  try {
    const input = sineFrames(frameSize, frames);
    const packets = input.map((pcm) => enc.encode(pcm));
    const output = packets.map((p) => dec.decode(p));
    return { input: concat(input), output: concat(output), packets, outputs: output };
  } finally {
    enc.destroy();
    dec.destroy();
  }
}

function expectOpusError(fn: () => unknown, code?: OpusErrorCode): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(OpusError);
  if (code) expect((caught as OpusError).code).toBe(code);
}

/** Minimum correlation per bitrate: 6 kbit/s SILK is narrowband and phase-sloppy, so it gets a looser bar. */
const MIN_CORRELATION: Record<number, number> = { 24000: 0.9, 16000: 0.9, 6000: 0.6 };

describe('OpusEncoder/OpusDecoder round trip', () => {
  for (const bitrate of Object.values(OPUS_BITRATE_PRESETS)) {
    for (const frameSize of OPUS_FRAME_SIZES) {
      test(`440 Hz sine survives ${bitrate} bit/s, ${frameSize}-sample frames`, () => {
        const { input, output, outputs } = roundTrip(bitrate, frameSize);
        for (const o of outputs) expect(o.length).toBe(frameSize);
        const r = bestCorrelation(input, output, WARMUP_FRAMES * frameSize);
        expect(r).toBeGreaterThan(MIN_CORRELATION[bitrate] ?? 0.9);
        // Energy should be in the same ballpark as the input (within ~6 dB).
        const ratio =
          energy(output.subarray(WARMUP_FRAMES * frameSize)) / energy(input.subarray(WARMUP_FRAMES * frameSize));
        expect(ratio).toBeGreaterThan(0.25);
        expect(ratio).toBeLessThan(4);
      });
    }
  }

  test('packet size tracks bitrate', () => {
    const avg = (bitrate: number) => {
      const { packets } = roundTrip(bitrate, 960);
      const steady = packets.slice(WARMUP_FRAMES);
      return steady.reduce((n, p) => n + p.length, 0) / steady.length;
    };
    const a24 = avg(24_000);
    const a16 = avg(16_000);
    const a6 = avg(6_000);
    // 24 kbit/s * 20 ms / 8 = 60 bytes; VBR and FEC overhead wobble around that.
    expect(a24).toBeGreaterThan(30);
    expect(a24).toBeLessThan(120);
    expect(a16).toBeLessThan(a24);
    expect(a6).toBeLessThan(a16);
    expect(a6).toBeLessThan(30);
  });

  test('DTX shrinks silence to tiny packets', () => {
    const enc = new OpusEncoder(24_000);
    const silence = new Int16Array(960);
    const sizes = Array.from({ length: 30 }, () => enc.encode(silence).length);
    enc.destroy();
    for (const size of sizes.slice(15)) expect(size).toBeLessThanOrEqual(3);
  });

  test('PLC returns a frame of the requested length', () => {
    const enc = new OpusEncoder();
    const dec = new OpusDecoder();
    for (const pcm of sineFrames(960, 10)) dec.decode(enc.encode(pcm));
    expect(dec.decodeMissing(960).length).toBe(960);
    expect(dec.decodeMissing(1920).length).toBe(1920);
    enc.destroy();
    dec.destroy();
  });

  test('FEC recovers a dropped frame from the next packet', () => {
    // SILK only adds LBRR (FEC) data to frames its VAD calls speech, so a steady sine would never carry any.
    const enc = new OpusEncoder(24_000);
    const packets = speechFrames(30).map((pcm) => enc.encode(pcm));
    enc.destroy();
    const dropped = 20;
    const reference = new OpusDecoder();
    const clean = packets.map((p) => reference.decode(p));
    const withFec = new OpusDecoder();
    const withPlc = new OpusDecoder();
    for (const p of packets.slice(0, dropped)) {
      withFec.decode(p);
      withPlc.decode(p);
    }
    const recovered = withFec.decodeFec(packets[dropped + 1] as Uint8Array, 960);
    const concealed = withPlc.decodeMissing(960);
    expect(recovered.length).toBe(960);
    expect(energy(recovered)).toBeGreaterThan(energy(clean[dropped] as Int16Array) * 0.25);
    // FEC must beat plain concealment, i.e. the LBRR data really was used.
    const r = correlationAt(clean[dropped] as Int16Array, recovered);
    expect(r).toBeGreaterThan(0.9);
    expect(r).toBeGreaterThan(correlationAt(clean[dropped] as Int16Array, concealed));
    // Stream continues normally afterwards.
    expect(withFec.decode(packets[dropped + 1] as Uint8Array).length).toBe(960);
    for (const d of [reference, withFec, withPlc]) d.destroy();
  });

  test('bitrate switches instantly mid-stream', () => {
    const enc = new OpusEncoder(24_000);
    const dec = new OpusDecoder();
    const sizes = sineFrames(960, 60).map((pcm, i) => {
      if (i === 30) enc.setBitrate(6_000);
      const packet = enc.encode(pcm);
      expect(dec.decode(packet).length).toBe(960);
      return packet.length;
    });
    expect(enc.bitrate).toBe(6_000);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // The very first packets after the switch are already smaller: no ramp-down period.
    expect(mean(sizes.slice(30, 33))).toBeLessThan(mean(sizes.slice(10, 30)) / 2);
    enc.destroy();
    dec.destroy();
  });
});

describe('native memory', () => {
  test('create/destroy cycles and long encoding do not leak', () => {
    const frames = sineFrames(960, 50);
    // Warm up allocator and JIT so the baseline is not inflated by one-off costs.
    for (let i = 0; i < 50; i++) {
      new OpusEncoder().destroy();
      new OpusDecoder().destroy();
    }
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 2_000; i++) {
      new OpusEncoder().destroy();
      new OpusDecoder().destroy();
    }
    const enc = new OpusEncoder();
    for (let i = 0; i < 20_000; i++) enc.encode(frames[i % frames.length] as Int16Array);
    enc.destroy();
    Bun.gc(true);
    const growthMb = (process.memoryUsage().rss - before) / (1024 * 1024);
    expect(growthMb).toBeLessThan(20);
  }, 10_000);
});

describe('bad inputs', () => {
  const enc = new OpusEncoder();
  const dec = new OpusDecoder();
  afterAll(() => {
    enc.destroy();
    dec.destroy();
  });

  test.each([0, 959, 961, 2000])('PCM of %d samples is rejected', (n) => {
    expectOpusError(() => enc.encode(new Int16Array(n)), 'INVALID_PCM');
  });

  test.each([
    ['Float32Array', new Float32Array(960)],
    ['Uint8Array', new Uint8Array(1920)],
    ['plain array', Array.from({ length: 960 }, () => 0)],
    ['null', null],
  ])('non-Int16Array PCM (%s) is rejected', (_name, pcm) => {
    expectOpusError(() => enc.encode(pcm as unknown as Int16Array), 'INVALID_PCM');
  });

  test.each([0, -1, 600_000, Number.NaN, 24_000.5, Number.POSITIVE_INFINITY])('bitrate %p is rejected', (bps) => {
    expectOpusError(() => enc.setBitrate(bps), 'INVALID_BITRATE');
    expectOpusError(() => new OpusEncoder(bps), 'INVALID_BITRATE');
  });

  test('empty packet is rejected', () => {
    expectOpusError(() => dec.decode(new Uint8Array(0)), 'INVALID_PACKET');
  });

  test('oversized and non-Uint8Array packets are rejected', () => {
    expectOpusError(() => dec.decode(new Uint8Array(2000)), 'INVALID_PACKET');
    expectOpusError(() => dec.decode([1, 2, 3] as unknown as Uint8Array), 'INVALID_PACKET');
  });

  test('bad PLC/FEC frame sizes are rejected', () => {
    for (const n of [0, -960, 100, 961, 6000, Number.NaN]) {
      expectOpusError(() => dec.decodeMissing(n), 'INVALID_FRAME_SIZE');
      expectOpusError(() => dec.decodeFec(new Uint8Array([0xf8, 0xff, 0xfe]), n), 'INVALID_FRAME_SIZE');
    }
  });

  test('random garbage either decodes or throws OpusError, never crashes', () => {
    // Deterministic LCG so a failure is reproducible.
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed >>> 24;
    };
    let errors = 0;
    for (let i = 0; i < 2_000; i++) {
      const packet = Uint8Array.from({ length: 1 + (rand() % 200) }, rand);
      try {
        const out = dec.decode(packet);
        expect(out.length).toBeLessThanOrEqual(5760);
      } catch (e) {
        expect(e).toBeInstanceOf(OpusError);
        expect((e as OpusError).code).toMatch(/^OPUS_/);
        errors++;
      }
    }
    // Random bytes frequently violate Opus framing rules, so some must be rejected by libopus.
    expect(errors).toBeGreaterThan(0);
  });

  test('use after destroy throws', () => {
    const e = new OpusEncoder();
    const d = new OpusDecoder();
    const packet = e.encode(new Int16Array(960));
    e.destroy();
    d.destroy();
    e.destroy(); // idempotent
    d.destroy();
    expectOpusError(() => e.encode(new Int16Array(960)), 'DESTROYED');
    expectOpusError(() => e.setBitrate(16_000), 'DESTROYED');
    expectOpusError(() => d.decode(packet), 'DESTROYED');
    expectOpusError(() => d.decodeMissing(960), 'DESTROYED');
    expectOpusError(() => d.decodeFec(packet, 960), 'DESTROYED');
  });
});
