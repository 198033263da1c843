// bench:voice-core: per-packet cost of the voice core's hot paths, in process, printed as one JSON object.
// Covers what has landed: seal+open of a 60-byte frame through PacketSealer/PacketOpener, header encode/decode,
// and jitter buffer push/pop at the seed's depths.

import {
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
} from '../src/index.ts';

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
function sealOpenRun(): { sealNs: number; openNs: number } {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const sealer = new PacketSealer({ key, direction: Direction.FromCaller });
  const opener = new PacketOpener({ key, direction: Direction.FromCaller });
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

sealOpenRun(); // warm-up: JIT and libsodium's WASM
headerRun();
jitterRun();
const sealOpen = Array.from({ length: RUNS }, sealOpenRun);
const headers = Array.from({ length: RUNS }, headerRun);
const jitter = Array.from({ length: RUNS }, jitterRun);
const sealUs = median(sealOpen.map((run) => run.sealNs)) / 1000;
const openUs = median(sealOpen.map((run) => run.openNs)) / 1000;

console.log(
  JSON.stringify({
    runs: RUNS,
    packets_per_run: PACKETS,
    seal_60b_us: round(sealUs),
    open_60b_us: round(openUs),
    seal_plus_open_60b_us: round(sealUs + openUs),
    seal_plus_open_target_us: 2,
    header_encode_ns: round(median(headers.map((run) => run.encodeNs)), 1),
    header_decode_ns: round(median(headers.map((run) => run.decodeNs)), 1),
    jitter_push_pop_ns: round(median(jitter.map((run) => run.pushPopNs)), 1),
  }),
);
