// bench:voice-core: per-packet cost of the voice core's hot paths, in process, printed as one JSON object.
// Seal+open of a 60-byte frame through PacketSealer/PacketOpener (WASM and native AEAD), header encode/decode,
// jitter buffer push/pop at the seed's depths, Opus and Codec2 per frame, RaptorQ FEC per block and the wire
// bitrate of each quality profile (real codec frames through MediaSender), and a 100,000-frame native leak check.
// It lives at the root because it measures two packages: the sans-IO core and its native companions.

import { Codec2Decoder, Codec2Encoder, type Codec2Mode, nativeAead, OpusDecoder, OpusEncoder } from '@keel/native';
import {
  type Aead,
  CodecId,
  Direction,
  decodeMediaHeader,
  encodeMediaHeader,
  JitterBuffer,
  type JitterPacket,
  MEDIA_VERSION,
  type MediaHeader,
  type OutgoingHeader,
  PacketOpener,
  PacketSealer,
  SEED_JITTER_CONFIG,
  wasmAead,
} from '@keel/voice';
import { speechSignal } from '../native/test/speech-signal.ts';
import { measureCodecLeak } from './voice/codec-leak.ts';
import { measureFecCost } from './voice/fec-cost.ts';
import { encodeProfiles } from './voice/profile-frames.ts';
import { measureWireBitrate } from './voice/wire-bitrate.ts';

const PACKETS = 60_000; // below the 65,536-packet rekey point, so one key covers the run
const HEADER_ROUNDS = 1_000_000;
const JITTER_ROUNDS = 1_000_000;
const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const round = (value: number, places = 3) => Number(value.toFixed(places));

/** One run: seal PACKETS frames, then open them in order; returns ns per packet for each half. */
function sealOpenRun(aead: Aead): { sealNs: number; openNs: number } {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const sealer = new PacketSealer({ key, direction: Direction.FromCaller, aead });
  const opener = new PacketOpener({ key, direction: Direction.FromCaller, aead });
  const frame = crypto.getRandomValues(new Uint8Array(60));
  const header: OutgoingHeader = {
    repair: false,
    codec: CodecId.Opus24k,
    fecRatio: 20,
    timestamp: 0,
    block: 0,
    symbol: 0,
    csrc: 0,
  };
  const packets: Uint8Array[] = new Array(PACKETS);
  const sealStart = Bun.nanoseconds();
  for (let i = 0; i < PACKETS; i++) packets[i] = sealer.seal(header, frame).packet;
  const sealEnd = Bun.nanoseconds();
  for (let i = 0; i < PACKETS; i++) {
    const result = opener.open(0, packets[i] as Uint8Array);
    if (result.kind !== 'opened') throw new Error(`packet ${i} did not open: ${result.kind}`);
  }
  const openEnd = Bun.nanoseconds();
  return { sealNs: (sealEnd - sealStart) / PACKETS, openNs: (openEnd - sealEnd) / PACKETS };
}

function headerRun(): { encodeNs: number; decodeNs: number } {
  const header: MediaHeader = {
    version: MEDIA_VERSION,
    repair: false,
    codec: CodecId.Opus24k,
    quality: true,
    fecRatio: 100,
    seq: 0,
    timestamp: 123_456,
    block: 7,
    symbol: 3,
    csrc: 0,
  };
  const encoded: Uint8Array[] = new Array(HEADER_ROUNDS);
  const encodeStart = Bun.nanoseconds();
  for (let i = 0; i < HEADER_ROUNDS; i++) encoded[i] = encodeMediaHeader({ ...header, seq: i & 0xffff });
  const encodeEnd = Bun.nanoseconds();
  let checksum = 0;
  for (let i = 0; i < HEADER_ROUNDS; i++) checksum += decodeMediaHeader(encoded[i] as Uint8Array).seq;
  const decodeEnd = Bun.nanoseconds();
  if (checksum === 0) throw new Error('decode produced nothing');
  return { encodeNs: (encodeEnd - encodeStart) / HEADER_ROUNDS, decodeNs: (decodeEnd - encodeEnd) / HEADER_ROUNDS };
}

/** Steady state at the seed's 50-packet target: each round pushes the next packet (one in eight out of order) and pops one. */
function jitterRun(): { pushPopNs: number } {
  const buffer = new JitterBuffer<JitterPacket>(SEED_JITTER_CONFIG);
  const packets = Array.from({ length: 0x10000 }, (_, seq) => ({ seq, mediaTimeMs: seq * 20 }));
  for (let seq = 0; seq < SEED_JITTER_CONFIG.targetDepth; seq++) buffer.push(packets[seq] as JitterPacket, 0);
  let played = 0;
  const start = Bun.nanoseconds();
  for (let i = 0; i < JITTER_ROUNDS; i++) {
    const seq = (i + SEED_JITTER_CONFIG.targetDepth) & 0xffff;
    // Swap each eighth packet with its successor so the buffer inserts out of order too.
    const sent = i % 8 === 0 ? (seq + 1) & 0xffff : i % 8 === 1 ? (seq - 1) & 0xffff : seq;
    buffer.push(packets[sent] as JitterPacket, i * 20);
    if (buffer.pop(i * 20).kind === 'Packet') played++;
  }
  const end = Bun.nanoseconds();
  if (played < JITTER_ROUNDS * 0.99) throw new Error(`only ${played} of ${JITTER_ROUNDS} pops played a packet`);
  return { pushPopNs: (end - start) / JITTER_ROUNDS };
}

const CODEC_FRAMES = 2_000;

interface Encoder {
  encode(pcm: Int16Array): Uint8Array;
  destroy(): void;
}
interface Decoder {
  decode(frame: Uint8Array): Int16Array;
  destroy(): void;
}

/** Encodes then decodes CODEC_FRAMES frames of `frameSamples` (48 kHz); µs per frame for each, and bytes per frame. */
function codecRun(make: () => [Encoder, Decoder], frameSamples: number) {
  const [encoder, decoder] = make();
  const pcm = speechSignal(frameSamples * CODEC_FRAMES);
  const frames: Uint8Array[] = [];
  const start = Bun.nanoseconds();
  for (let i = 0; i < CODEC_FRAMES; i++)
    frames.push(encoder.encode(pcm.subarray(i * frameSamples, (i + 1) * frameSamples)));
  const encoded = Bun.nanoseconds();
  for (const frame of frames) decoder.decode(frame);
  const end = Bun.nanoseconds();
  encoder.destroy();
  decoder.destroy();
  const bytes = frames.reduce((sum, frame) => sum + frame.length, 0) / CODEC_FRAMES;
  return {
    encode_us: round((encoded - start) / CODEC_FRAMES / 1000, 1),
    decode_us: round((end - encoded) / CODEC_FRAMES / 1000, 1),
    bytes_per_frame: round(bytes, 1),
  };
}

const opus = (bitrate: number) => (): [Encoder, Decoder] => [new OpusEncoder(bitrate), new OpusDecoder()];
const codec2 = (mode: Codec2Mode) => (): [Encoder, Decoder] => [new Codec2Encoder(mode), new Codec2Decoder(mode)];

sealOpenRun(wasmAead); // warm-up: JIT, libsodium's WASM and the native library
sealOpenRun(nativeAead);
headerRun();
jitterRun();
const sealOpen = Array.from({ length: RUNS }, () => sealOpenRun(wasmAead));
const sealOpenNative = Array.from({ length: RUNS }, () => sealOpenRun(nativeAead));
const headers = Array.from({ length: RUNS }, headerRun);
const jitter = Array.from({ length: RUNS }, jitterRun);
const sealUs = median(sealOpen.map((run) => run.sealNs)) / 1000;
const profiles = encodeProfiles(60);
const WIRE_TARGET_KBPS = { GOOD: 75, DEGRADED: 40, CATASTROPHIC: 45 } as const;
const byTier = <T>(measure: (p: (typeof profiles)[number]) => T) =>
  Object.fromEntries(profiles.map((p) => [p.profile.tier, measure(p)]));
const openUs = median(sealOpen.map((run) => run.openNs)) / 1000;

console.log(
  JSON.stringify({
    runs: RUNS,
    packets_per_run: PACKETS,
    seal_60b_us: round(sealUs),
    open_60b_us: round(openUs),
    seal_plus_open_60b_us: round(sealUs + openUs),
    seal_plus_open_target_us: 2,
    native_aead_seal_plus_open_60b_us: round(
      median(sealOpenNative.map((run) => run.sealNs)) / 1000 + median(sealOpenNative.map((run) => run.openNs)) / 1000,
    ),
    header_encode_ns: round(median(headers.map((run) => run.encodeNs)), 1),
    header_decode_ns: round(median(headers.map((run) => run.decodeNs)), 1),
    jitter_push_pop_ns: round(median(jitter.map((run) => run.pushPopNs)), 1),
    opus_24k_20ms: codecRun(opus(24_000), 960),
    opus_16k_20ms: codecRun(opus(16_000), 960),
    opus_6k_40ms: codecRun(opus(6_000), 1920),
    codec2_3200_20ms: codecRun(codec2(3200), 960),
    codec2_1200_40ms: codecRun(codec2(1200), 1920),
    fec_target_us: 50,
    fec_per_block_at_profile_ratio: byTier((p) => measureFecCost(p)),
    fec_per_block_at_40pct_reported_loss: byTier((p) => measureFecCost(p, 40)),
    wire_target_kbps: WIRE_TARGET_KBPS,
    wire_at_profile_ratio: byTier((p) => measureWireBitrate(p)),
    wire_at_10pct_reported_loss: byTier((p) => measureWireBitrate(p, 10)),
    wire_at_20pct_reported_loss: byTier((p) => measureWireBitrate(p, 20)),
    wire_at_40pct_reported_loss: byTier((p) => measureWireBitrate(p, 40)),
    native_leak_check: measureCodecLeak(),
  }),
);
