// bench:voice-core: per-packet cost of the voice core's hot paths, in process, printed as one JSON object.
// Covers what has landed: seal+open of a 60-byte frame through PacketSealer/PacketOpener, and header encode/decode.

import {
  CodecId,
  Direction,
  decodeMediaHeader,
  encodeMediaHeader,
  MEDIA_VERSION,
  type MediaHeader,
  type OutgoingHeader,
  PacketOpener,
  PacketSealer,
} from '../src/index.ts';

const PACKETS = 60_000; // below the 65,536-packet rekey point, so one key covers the run
const HEADER_ROUNDS = 1_000_000;
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

sealOpenRun(); // warm-up: JIT and libsodium's WASM
headerRun();
const sealOpen = Array.from({ length: RUNS }, sealOpenRun);
const headers = Array.from({ length: RUNS }, headerRun);
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
  }),
);
