// CodecId: the numbers of the media header's 4-bit CodecID field (the seed leaves them open; decided here).
//
// 0 is reserved so that an all-zero byte never names a codec; the rest follow the seed's codec table from the
// highest bitrate down. 6-15 are reserved and rejected by the decoder. Codec2 3200 is 4 and the interop
// example's `"codec":3` is Opus 6k (the DEGRADED profile's codec).

export const CodecId = {
  Opus24k: 1,
  Opus16k: 2,
  Opus6k: 3,
  Codec2_3200: 4,
  Codec2_1200: 5,
} as const;

export type CodecId = (typeof CodecId)[keyof typeof CodecId];

const KNOWN: ReadonlySet<number> = new Set(Object.values(CodecId));

export function isCodecId(value: number): value is CodecId {
  return KNOWN.has(value);
}
