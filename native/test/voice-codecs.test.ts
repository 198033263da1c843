// Tests for VoiceCodecs: every CodecID round-trips at its own frame size, switches cost nothing and keep state,
// concealment uses Opus in-band FEC when the next frame carries it, and bad input is refused.

import { afterAll, describe, expect, test } from 'bun:test';
import { CODEC_TIMING, CodecId } from '@keel/voice';
import { opusPacketHasLbrr, pcmSamplesFor, VoiceCodecError, VoiceCodecs } from '../src/index.ts';
import { speechFrames } from './speech-signal.ts';

const codecs = new VoiceCodecs();
afterAll(() => codecs.destroy());

function energy(pcm: Int16Array): number {
  return pcm.reduce((sum, s) => sum + s * s, 0) / pcm.length;
}

describe('VoiceCodecs', () => {
  test.each([
    [CodecId.Opus24k, 960, [30, 120]],
    [CodecId.Opus16k, 960, [20, 60]],
    [CodecId.Opus6k, 1920, [10, 45]],
    [CodecId.Codec2_3200, 960, [8, 8]],
    [CodecId.Codec2_1200, 1920, [6, 6]],
  ])('codec %i takes %i samples per frame and its frames fit the expected size', (codec, samples, [min, max]) => {
    expect(pcmSamplesFor(codec)).toBe(samples);
    expect(CODEC_TIMING[codec].frameMs * 48).toBe(samples);
    const input = speechFrames(25, samples);
    const frames = input.map((pcm) => codecs.encode(codec, pcm));
    const sizes = frames.slice(5).map((f) => f.length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(min as number);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(max as number);
    const output = frames.map((frame) => codecs.decode(codec, frame));
    for (const pcm of output) expect(pcm.length).toBe(samples);
    // Speech in, speech-level audio out (codec delay makes a sample-wise comparison meaningless).
    const ratio = energy(output.slice(5).reduce(concat)) / energy(input.slice(5).reduce(concat));
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(3);
  });

  test('switching codecs frame by frame needs no set-up and every frame still decodes', () => {
    const order = [CodecId.Opus24k, CodecId.Codec2_1200, CodecId.Opus6k, CodecId.Codec2_3200, CodecId.Opus24k];
    for (const codec of order) {
      const [pcm] = speechFrames(1, pcmSamplesFor(codec));
      expect(codecs.decode(codec, codecs.encode(codec, pcm as Int16Array)).length).toBe(pcmSamplesFor(codec));
    }
  });

  test('concealment rebuilds an Opus frame from the next frame when it carries in-band FEC', () => {
    const frames = speechFrames(30).map((pcm) => codecs.encode(CodecId.Opus24k, pcm));
    const withLbrr = frames.findIndex((f, i) => i > 10 && opusPacketHasLbrr(f));
    expect(withLbrr).toBeGreaterThan(10);
    for (const frame of frames.slice(0, withLbrr - 1)) codecs.decode(CodecId.Opus24k, frame);
    const rebuilt = codecs.conceal(CodecId.Opus24k, frames[withLbrr] as Uint8Array);
    expect(rebuilt.length).toBe(960);
    expect(energy(rebuilt)).toBeGreaterThan(0);
    expect(codecs.conceal(CodecId.Codec2_1200).length).toBe(1920);
    expect(codecs.conceal(CodecId.Opus6k).length).toBe(1920);
  });

  test.each<[string, () => unknown]>([
    ['20 ms of PCM for a 40 ms codec', () => codecs.encode(CodecId.Opus6k, new Int16Array(960))],
    ['40 ms of PCM for a 20 ms codec', () => codecs.encode(CodecId.Codec2_3200, new Int16Array(1920))],
    ['an unknown codec id', () => codecs.encode(9 as CodecId, new Int16Array(960))],
    ['an unknown codec id to decode', () => codecs.decode(0 as CodecId, new Uint8Array(6))],
  ])('%s is refused', (_, act) => {
    expect(act).toThrow(VoiceCodecError);
  });

  test('frames of the wrong size for Codec2 are refused by the codec', () => {
    expect(() => codecs.decode(CodecId.Codec2_1200, new Uint8Array(8))).toThrow();
  });

  test('after destroy every call throws', () => {
    const gone = new VoiceCodecs();
    gone.destroy();
    expect(() => gone.encode(CodecId.Opus24k, new Int16Array(960))).toThrow();
    expect(() => gone.encode(CodecId.Codec2_1200, new Int16Array(1920))).toThrow();
  });
});

function concat(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
