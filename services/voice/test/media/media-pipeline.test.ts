// Tests for the media pipeline: MediaSender → datagrams → MediaReceiver, with loss, reordering, profile changes,
// loss-driven repair, a rekey at the 65,536-packet boundary, and a table of hostile packets.

import { describe, expect, test } from 'bun:test';
import {
  BlockTracker,
  CodecId,
  Direction,
  decodeMediaHeader,
  encodeMediaPacket,
  FecError,
  floorRatioFor,
  type JitterBufferConfig,
  MAX_MEDIA_FRAME_BYTES,
  type MediaFrame,
  MediaReceiver,
  MediaSender,
  type OutgoingHeader,
  PacketOpener,
  PacketSealer,
  type PlayoutResult,
  REKEY_INTERVAL_PACKETS,
  type RejectReason,
} from '../../src/index.ts';

const KEY = new Uint8Array(32).fill(0x21);
const NEXT_KEY = new Uint8Array(32).fill(0x42);
const JITTER: JitterBufferConfig = { targetDepth: 4, maxDepth: 200, minDepth: 1, adaptive: null };

function pair(firstIndex = 0) {
  const sealer = new PacketSealer({ key: KEY, direction: Direction.FromCaller, firstIndex });
  const sender = new MediaSender({ sealer, floorRatio: floorRatioFor });
  const receiver = new MediaReceiver({
    opener: new PacketOpener({ key: KEY, direction: Direction.FromCaller }),
    jitter: JITTER,
  });
  return { sender, receiver, sealer };
}

/** A recognisable frame: its number in two bytes, then filler, 20..59 bytes long. */
function frameNo(n: number): Uint8Array {
  const frame = new Uint8Array(20 + (n % 40)).fill(n & 0xff);
  frame[0] = n >> 8;
  frame[1] = n & 0xff;
  return frame;
}

function sendFrames(sender: MediaSender, codec: CodecId, from: number, count: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let n = from; n < from + count; n += 1) out.push(...sender.send(sender.codecFor(codec), frameNo(n)));
  return out;
}

function drain(receiver: MediaReceiver, max = 10_000): PlayoutResult<MediaFrame>[] {
  const results: PlayoutResult<MediaFrame>[] = [];
  for (let i = 0; i < max; i += 1) {
    const result = receiver.playout(i * 20);
    if (result.kind === 'NotReady' && results.length > 0) break;
    if (result.kind !== 'NotReady') results.push(result);
  }
  return results;
}

const frameNumber = (r: PlayoutResult<MediaFrame>) =>
  r.kind === 'Packet' ? ((r.packet.frame[0] as number) << 8) | (r.packet.frame[1] as number) : r.kind;

describe('media pipeline', () => {
  test('without loss every frame plays once, in order, and repair slots are never concealed', () => {
    const { sender, receiver } = pair();
    for (const datagram of sendFrames(sender, CodecId.Opus24k, 0, 50)) receiver.receive(0, datagram);
    const played = drain(receiver);
    expect(played.map(frameNumber)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const counters = receiver.counters();
    expect(counters).toMatchObject({ sourcePackets: 50, repairPackets: 10, recoveredFrames: 0, lost: 0 });
  });

  test('lost frames come back from repair symbols, in their own slots with their own timestamps', () => {
    const { sender, receiver } = pair();
    const datagrams = sendFrames(sender, CodecId.Opus6k, 0, 20); // two blocks of 10 frames, 5 repair each
    expect(datagrams).toHaveLength(30);
    // Lose frames 1, 4 and 8 of the first block and 10..14 of the second: 3 and 5 missing, 5 repair each.
    const lost = new Set([1, 4, 8, 15, 16, 17, 18, 19]);
    for (const [i, datagram] of datagrams.entries()) if (!lost.has(i)) receiver.receive(0, datagram);
    const played = drain(receiver);
    expect(played.map(frameNumber)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const recovered = played.filter((r) => r.kind === 'Packet' && r.packet.recovered);
    expect(recovered.map(frameNumber)).toEqual([1, 4, 8, 10, 11, 12, 13, 14]);
    for (const r of recovered)
      if (r.kind === 'Packet') expect(r.packet.mediaTimeMs).toBe((frameNumber(r) as number) * 40);
    expect(receiver.counters()).toMatchObject({ recoveredFrames: 8, lost: 0 });
  });

  test('reordered datagrams, repairs before sources included, still play in order', () => {
    const { sender, receiver } = pair();
    const datagrams = sendFrames(sender, CodecId.Codec2_1200, 0, 16);
    const shuffled = [...datagrams].reverse();
    shuffled.splice(3, 2); // lose two packets on the way as well
    for (const datagram of shuffled) receiver.receive(0, datagram);
    expect(drain(receiver).map(frameNumber)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  test('a loss FEC cannot cover is concealed, and only frames count as lost', () => {
    const { sender, receiver } = pair();
    const datagrams = sendFrames(sender, CodecId.Opus24k, 0, 10); // 5 frames + 1 repair, twice
    for (const [i, datagram] of datagrams.entries()) if (i !== 1 && i !== 2) receiver.receive(0, datagram);
    const played = drain(receiver).map(frameNumber);
    expect(played).toEqual([0, 'Missing', 'Missing', 3, 4, 5, 6, 7, 8, 9]);
    expect(receiver.counters().lost).toBe(2);
  });

  test('a profile change waits for the open block to close', () => {
    const { sender, receiver } = pair();
    const out = [...sender.send(CodecId.Opus24k, frameNo(0)), ...sender.send(CodecId.Opus24k, frameNo(1))];
    expect(sender.codecFor(CodecId.Codec2_1200)).toBe(CodecId.Opus24k);
    expect(() => sender.send(CodecId.Codec2_1200, frameNo(2))).toThrow(FecError);
    out.push(...sendFrames(sender, CodecId.Codec2_1200, 2, 3)); // closes the GOOD block
    expect(sender.codecFor(CodecId.Codec2_1200)).toBe(CodecId.Codec2_1200);
    out.push(...sendFrames(sender, CodecId.Codec2_1200, 5, 8));
    for (const datagram of out) receiver.receive(0, datagram);
    const played = drain(receiver);
    expect(played.map(frameNumber)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    expect(played.map((r) => (r.kind === 'Packet' ? r.packet.codec : 0))).toEqual([
      ...new Array(5).fill(CodecId.Opus24k),
      ...new Array(8).fill(CodecId.Codec2_1200),
    ]);
    // Timestamps run on across the switch: 5 × 20 ms, then 40 ms frames.
    expect(played.map((r) => (r.kind === 'Packet' ? r.packet.mediaTimeMs : -1)).slice(4, 7)).toEqual([80, 100, 140]);
  });

  test('reported loss raises the repair count of the next block, within the ratio field', () => {
    const { sender } = pair();
    const repairsPerBlock = () => sendFrames(sender, CodecId.Opus6k, 0, 10).length - 10;
    expect(repairsPerBlock()).toBe(5);
    sender.setReportedLoss(20);
    expect(repairsPerBlock()).toBe(8);
    sender.setReportedLoss(90);
    expect(repairsPerBlock()).toBe(25); // 2.54 × 10: the ratio field's ceiling
    sender.setReportedLoss(Number.NaN);
    expect(repairsPerBlock()).toBe(5);
  });

  test('a staged key takes effect at the 65,536th packet and the sequence runs on without a jump', () => {
    const { sender, sealer } = pair(REKEY_INTERVAL_PACKETS - 7);
    sender.stageRekey(NEXT_KEY);
    const datagrams = sendFrames(sender, CodecId.Opus24k, 0, 15); // 15 sealed sources; the switch falls mid-block
    expect(sender.rekeyStaged).toBe(false);
    expect(sealer.sealedCount).toBe(15 - 7);
    const sources = datagrams.filter((d) => ((d[0] as number) & 0x40) === 0);
    const seqs = sources.map((d) => ((d[2] as number) << 8) | (d[3] as number));
    expect(seqs.slice(5, 9)).toEqual([65534, 65535, 0, 1]);
    // The receiver learns the new key from its own Rekey handling; here it installs it up front.
    const opener = new PacketOpener({ key: KEY, direction: Direction.FromCaller });
    const late = new MediaReceiver({ opener, jitter: JITTER });
    opener.installKey(NEXT_KEY);
    for (const datagram of datagrams) expect(late.receive(0, datagram).kind).toBe('media');
    expect(drain(late).map(frameNumber)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });
});

describe('hostile and broken packets', () => {
  const base: OutgoingHeader = {
    repair: false,
    codec: CodecId.Opus24k,
    fecRatio: 10,
    timestamp: 0,
    block: 0,
    symbol: 0,
    csrc: 0,
  };
  /** A packet sealed with the call's key (as a buggy or hostile peer could), with header fields overridden. */
  const sealed = (fields: Partial<OutgoingHeader>, payload = new Uint8Array(10), firstIndex = 0) =>
    new PacketSealer({ key: KEY, direction: Direction.FromCaller, firstIndex }).seal({ ...base, ...fields }, payload)
      .packet;

  test.each<[string, () => Uint8Array[], RejectReason]>([
    ['an empty datagram', () => [new Uint8Array(0)], 'malformed'],
    ['a truncated header', () => [sealed({}).subarray(0, 7)], 'malformed'],
    [
      'a header with an unknown codec',
      () => [Uint8Array.of(0x80 | (9 << 2), 0, ...new Array(40).fill(0))],
      'malformed',
    ],
    [
      'a packet sealed under another key',
      () => [new PacketSealer({ key: NEXT_KEY, direction: Direction.FromCaller }).seal(base, new Uint8Array(4)).packet],
      'bad-tag',
    ],
    [
      'a flipped ciphertext bit',
      () => {
        const p = sealed({});
        p[14] = (p[14] as number) ^ 1;
        return [p];
      },
      'bad-tag',
    ],
    ['the same packet twice', () => [sealed({}), sealed({})], 'replay'],
    ['a source symbol index past the block', () => [sealed({ symbol: 5 })], 'fec'],
    ['a repair symbol index inside the source range', () => [sealed({ repair: true, symbol: 4 })], 'fec'],
    ['a repair symbol index past the advertised repair count', () => [sealed({ repair: true, symbol: 6 })], 'fec'],
    [
      'two packets of one block that disagree on the codec',
      () => [sealed({ symbol: 0 }), sealed({ symbol: 1, codec: CodecId.Opus16k }, new Uint8Array(10), 1)],
      'fec',
    ],
    [
      'two packets of one block that disagree on the repair ratio',
      () => [sealed({ symbol: 0 }), sealed({ symbol: 1, fecRatio: 30 }, new Uint8Array(10), 1)],
      'fec',
    ],
    [
      'a repair symbol of 300 bytes',
      () => [
        sealed({ symbol: 1 }, new Uint8Array(10), 1),
        sealed({ repair: true, symbol: 5, timestamp: 0 }, new Uint8Array(300), 5),
      ],
      'malformed',
    ],
  ])('%s is rejected, counted, and nothing throws', (_, datagrams, reason) => {
    const receiver = new MediaReceiver({
      opener: new PacketOpener({ key: KEY, direction: Direction.FromCaller }),
      jitter: JITTER,
    });
    const results = datagrams().map((d) => receiver.receive(0, d));
    const last = results.at(-1);
    expect(last?.kind).toBe('rejected');
    if (last?.kind === 'rejected') {
      expect(last.reason).toBe(reason);
      expect(last.detail.length).toBeGreaterThan(0);
    }
    expect(receiver.counters().rejected[reason]).toBe(1);
  });

  test('a tampered repair symbol rebuilds a packet that fails authentication: rejected, never played', () => {
    const { sender, receiver } = pair();
    const datagrams = sendFrames(sender, CodecId.Opus24k, 0, 5); // 5 sources, then 1 repair
    const repair = (datagrams[5] as Uint8Array).slice();
    repair[repair.length - 1] = (repair[repair.length - 1] as number) ^ 0x01;
    for (const [i, datagram] of datagrams.slice(0, 5).entries()) if (i !== 2) receiver.receive(0, datagram);
    const result = receiver.receive(0, repair);
    expect(result).toMatchObject({ kind: 'rejected', reason: 'fec' });
    expect(receiver.counters().recoveredFrames).toBe(0);
  });

  test('a repair packet with a trailer flag is malformed', () => {
    const receiver = new MediaReceiver({
      opener: new PacketOpener({ key: KEY, direction: Direction.FromCaller }),
      jitter: JITTER,
    });
    const { sender } = pair();
    const repair = (sendFrames(sender, CodecId.Opus24k, 0, 5)[5] as Uint8Array).slice();
    repair[0] = (repair[0] as number) | 0x02;
    expect(receiver.receive(0, repair)).toMatchObject({ kind: 'rejected', reason: 'malformed' });
  });

  test('the sender refuses a frame too large for a FEC symbol before sealing it', () => {
    const { sender, sealer } = pair();
    expect(() => sender.send(CodecId.Opus24k, new Uint8Array(MAX_MEDIA_FRAME_BYTES + 1))).toThrow(FecError);
    expect(sealer.sealedCount).toBe(0);
  });
});

/** The first source packet of a fresh sender, carrying `report` in its trailer. */
function sendFramesWithReport(report: { lossPct: number; rttMs: number; jitterMs: number; bitrateCapKbps: number }) {
  const { sender } = pair();
  return sender.send(CodecId.Opus24k, frameNo(0), report)[0] as Uint8Array;
}

describe('a relay in the middle holds no key', () => {
  test('it rebuilds a lost source packet byte for byte from the sealed bodies and the repair symbols', () => {
    const { sender } = pair();
    const datagrams = sendFrames(sender, CodecId.Opus6k, 0, 10); // 10 sealed sources, then 5 repair packets
    const relay = new BlockTracker();
    const rebuilt = [];
    for (const [i, datagram] of datagrams.entries()) {
      if (i === 3 || i === 7) continue; // lost on the way in
      const header = decodeMediaHeader(datagram);
      rebuilt.push(
        ...(header.repair ? relay.repair(header, datagram.slice(12)) : relay.source(header, datagram.slice(12))),
      );
    }
    const packets = rebuilt.map((p) => encodeMediaPacket({ header: p.header, sealed: p.sealed, trailer: null }));
    expect(packets).toEqual([datagrams[3] as Uint8Array, datagrams[7] as Uint8Array]);
  });

  test('the FEC ratio and Q bits are outside the authenticated data, every other header bit is inside', () => {
    const { sender } = pair();
    const [packet] = sendFrames(sender, CodecId.Opus24k, 0, 1);
    const opens = (bytes: Uint8Array) =>
      new PacketOpener({ key: KEY, direction: Direction.FromCaller }).open(0, bytes).kind;
    const rewritten = (packet as Uint8Array).slice();
    rewritten[1] = 60 << 2; // a relay re-protecting the next hop with another ratio
    expect(opens(rewritten)).toBe('opened');
    // A packet sent with a trailer, rebuilt without it (Q cleared, trailer gone), still opens.
    const report = { lossPct: 5, rttMs: 40, jitterMs: 3, bitrateCapKbps: 64 };
    const withTrailer = sendFramesWithReport(report);
    const stripped = withTrailer.slice(0, withTrailer.length - 4);
    stripped[0] = (stripped[0] as number) & ~0x02;
    expect(opens(withTrailer)).toBe('opened');
    expect(opens(stripped)).toBe('opened');
    // Codec 1 → 3, seq, timestamp, block id, symbol index.
    for (const [byte, mask] of [
      [0, 0x08],
      [2, 0x01],
      [4, 0x80],
      [8, 0x01],
      [9, 0x01],
    ]) {
      const tampered = (packet as Uint8Array).slice();
      tampered[byte as number] = (tampered[byte as number] as number) ^ (mask as number);
      expect([byte, opens(tampered)]).not.toEqual([byte, 'opened']);
    }
  });
});
