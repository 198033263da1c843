// Tests for opusPacketHasLbrr: its verdict must match what libopus itself does with the packet's FEC data.

import { describe, expect, test } from 'bun:test';
import { OpusDecoder, OpusEncoder } from '../src/index.ts';
import { opusPacketHasLbrr } from '../src/opus-packet.ts';
import { speechFrames } from './speech-signal.ts';

/** Decodes packets[0..lost-1] into two fresh decoders, then rebuilds `lost` from its successor in one and by
 * concealment in the other: libopus falls back to concealment when the successor carries no LBRR data. */
function fecDiffersFromConcealment(packets: Uint8Array[], lost: number, frameSamples: number): boolean {
  const viaFec = new OpusDecoder();
  const viaPlc = new OpusDecoder();
  try {
    for (let i = 0; i < lost; i++) {
      viaFec.decode(packets[i] as Uint8Array);
      viaPlc.decode(packets[i] as Uint8Array);
    }
    const fec = viaFec.decodeFec(packets[lost + 1] as Uint8Array, frameSamples);
    const plc = viaPlc.decodeMissing(frameSamples);
    return fec.some((sample, i) => sample !== plc[i]);
  } finally {
    viaFec.destroy();
    viaPlc.destroy();
  }
}

describe('opusPacketHasLbrr', () => {
  test.each([
    [24_000, 960],
    [16_000, 960],
    [6_000, 1920],
  ])('at %i bit/s its verdict matches libopus for every frame of speech', (bitrate, frameSamples) => {
    const encoder = new OpusEncoder(bitrate);
    const packets = speechFrames(60, frameSamples).map((pcm) => encoder.encode(pcm));
    encoder.destroy();
    let flagged = 0;
    for (let lost = 1; lost < packets.length - 1; lost++) {
      // Around a mode switch (hybrid to SILK) libopus's FEC path differs from concealment even without LBRR data.
      const toc = (i: number) => (packets[i] as Uint8Array)[0];
      if (toc(lost - 1) !== toc(lost) || toc(lost) !== toc(lost + 1)) continue;
      const hasLbrr = opusPacketHasLbrr(packets[lost + 1] as Uint8Array);
      if (hasLbrr) flagged++;
      expect([lost, hasLbrr]).toEqual([lost, fecDiffersFromConcealment(packets, lost, frameSamples)]);
    }
    // libopus 1.3.1 adds LBRR only where the bitrate leaves room for it: at 24 kbit/s, not at 16 or 6.
    if (bitrate === 24_000) expect(flagged).toBeGreaterThan(30);
  });

  test.each([
    ['an empty packet', []],
    ['a lone TOC byte', [0x48]],
    ['a CELT-only packet', [0xf8, 0xff, 0xff]],
    ['a code-2 packet cut after its length byte', [0x4a, 10]],
    ['a code-3 packet with no count byte', [0x4b]],
  ])('%s carries no LBRR', (_, bytes) => {
    expect(opusPacketHasLbrr(Uint8Array.from(bytes))).toBe(false);
  });
});
