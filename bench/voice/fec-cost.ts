// FEC cost per block for one profile: encoding its repair symbols, decoding in the worst case (as many sources
// lost as there are repair symbols), and a block that lost nothing (its repair symbols arrive and are dropped).
// The payloads are what FEC protects on the wire: each frame's sealed body, the frame plus a 16-byte tag.

import { AEAD_TAG_LENGTH, BlockDecoder, CODEC_TIMING, chooseRepairCount, encodeRepairSymbols } from '@keel/voice';
import type { ProfileFrames } from './profile-frames.ts';

export interface FecCost {
  readonly k: number;
  readonly r: number;
  readonly symbol_bytes_mean: number;
  readonly encode_us: number;
  readonly decode_worst_us: number;
  readonly decode_nothing_lost_us: number;
}

export function measureFecCost({ profile, frames }: ProfileFrames, lossPct = 0): FecCost {
  const k = CODEC_TIMING[profile.codec].blockFrames;
  const r = chooseRepairCount(k, profile.fecRatio, lossPct);
  const bodies = frames.map((frame) => {
    const body = new Uint8Array(frame.length + AEAD_TAG_LENGTH);
    body.set(frame);
    body.set(crypto.getRandomValues(new Uint8Array(AEAD_TAG_LENGTH)), frame.length);
    return body;
  });
  const blocks: Uint8Array[][] = [];
  for (let at = 0; at + k <= bodies.length; at += k) blocks.push(bodies.slice(at, at + k));
  const rounds = Math.ceil(20_000 / blocks.length);

  let repairs: Uint8Array[][] = [];
  const encodeStart = Bun.nanoseconds();
  for (let round = 0; round < rounds; round++) repairs = blocks.map((block) => encodeRepairSymbols(block, r));
  const encodeNs = (Bun.nanoseconds() - encodeStart) / (rounds * blocks.length);

  const lost = Math.min(r, k);
  const decode = (dropSources: number) => {
    const start = Bun.nanoseconds();
    for (let round = 0; round < rounds; round++) {
      blocks.forEach((block, b) => {
        const decoder = new BlockDecoder(k);
        for (let i = dropSources; i < k; i++) decoder.addSource(i, block[i] as Uint8Array);
        for (const [j, repair] of (repairs[b] as Uint8Array[]).entries()) decoder.addRepair(k + j, repair);
        if (!decoder.complete) throw new Error('a block failed to decode in the FEC benchmark');
      });
    }
    return (Bun.nanoseconds() - start) / (rounds * blocks.length);
  };
  return {
    k,
    r,
    symbol_bytes_mean: Number(
      (repairs.reduce((sum, block) => sum + (block[0]?.length ?? 0), 0) / repairs.length).toFixed(1),
    ),
    encode_us: Number((encodeNs / 1000).toFixed(2)),
    decode_worst_us: Number((decode(lost) / 1000).toFixed(2)),
    decode_nothing_lost_us: Number((decode(0) / 1000).toFixed(2)),
  };
}
