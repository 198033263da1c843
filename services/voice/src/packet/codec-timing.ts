// What a CodecID fixes on the wire besides the codec: the frame duration and the FEC block size.
//
// A block's source symbols always come from one codec, so a receiver that sees any packet of a block knows how
// many source frames the block has (K) and how far apart their timestamps are, which is what it needs to place a
// recovered frame. The seed fixes both for the three tier codecs; Opus 16k and Codec2 3200 (reachable only as a
// forced profile) take the 100 ms blocks of the GOOD tier.

import { CodecId } from './codec-id.ts';

export interface CodecTiming {
  /** Nominal codec bitrate, bit/s. */
  readonly bitrateBps: number;
  readonly frameMs: 20 | 40;
  /** K: source symbols (codec frames) per FEC block. */
  readonly blockFrames: number;
}

export const CODEC_TIMING: Readonly<Record<CodecId, CodecTiming>> = {
  [CodecId.Opus24k]: { bitrateBps: 24_000, frameMs: 20, blockFrames: 5 },
  [CodecId.Opus16k]: { bitrateBps: 16_000, frameMs: 20, blockFrames: 5 },
  [CodecId.Opus6k]: { bitrateBps: 6_000, frameMs: 40, blockFrames: 10 },
  [CodecId.Codec2_3200]: { bitrateBps: 3_200, frameMs: 20, blockFrames: 5 },
  [CodecId.Codec2_1200]: { bitrateBps: 1_200, frameMs: 40, blockFrames: 8 },
};
