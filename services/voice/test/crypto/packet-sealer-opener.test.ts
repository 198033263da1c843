// Tests for the sealer's counter and the opener's replay check and rekey grace window, driven with a virtual clock.

import { describe, expect, test } from 'bun:test';
import {
  CodecId,
  Direction,
  MAX_PACKETS_PER_KEY,
  NonceExhaustedError,
  type OpenResult,
  type OutgoingHeader,
  PacketOpener,
  PacketSealer,
  REKEY_GRACE_MS,
  REKEY_INTERVAL_PACKETS,
  REKEY_LEAD_PACKETS,
  recoverIndex,
} from '../../src/index.ts';

const header: OutgoingHeader = {
  repair: false,
  codec: CodecId.Opus24k,
  fecRatio: 20,
  timestamp: 0,
  block: 0,
  symbol: 0,
  csrc: 0,
};
const keyA = new Uint8Array(32).fill(0x0a);
const keyB = new Uint8Array(32).fill(0x0b);
const frame = (i: number) => Uint8Array.of(i & 0xff, (i >> 8) & 0xff, 0x55);
const kinds = (results: OpenResult[]) => results.map((r) => (r.kind === 'opened' ? `${r.epoch}:${r.index}` : r.kind));

describe('PacketSealer', () => {
  test('puts the low 16 bits of its counter in the header and never repeats an index', () => {
    const sealer = new PacketSealer({ key: keyA, direction: Direction.FromCaller, firstIndex: 65534 });
    const sealed = [sealer.seal(header, frame(0)), sealer.seal(header, frame(1)), sealer.seal(header, frame(2))];
    expect(sealed.map((s) => [s.index, ((s.packet[2] as number) << 8) | (s.packet[3] as number)])).toEqual([
      [65534, 65534],
      [65535, 65535],
      [65536, 0],
    ]);
  });

  test('says the Rekey exchange is due 4,096 packets before the 65,536-packet switch', () => {
    const sealer = new PacketSealer({
      key: keyA,
      direction: Direction.FromCaller,
      firstIndex: REKEY_INTERVAL_PACKETS - REKEY_LEAD_PACKETS - 2,
    });
    expect([sealer.seal(header, frame(0)).rekeyDue, sealer.seal(header, frame(1)).rekeyDue]).toEqual([false, true]);
    sealer.rekey(keyB);
    expect([sealer.rekeyDue, sealer.sealedCount]).toEqual([false, 0]);
  });

  test('refuses to seal past 2^32 packets instead of reusing a nonce', () => {
    const sealer = new PacketSealer({
      key: keyA,
      direction: Direction.FromCaller,
      firstIndex: MAX_PACKETS_PER_KEY - 1,
    });
    expect(sealer.seal(header, frame(0)).index).toBe(0xffffffff);
    expect(() => sealer.seal(header, frame(1))).toThrow(NonceExhaustedError);
    expect(() => sealer.seal(header, frame(1))).toThrow(expect.objectContaining({ code: 'nonce_exhausted' }));
  });
});

describe('PacketOpener', () => {
  test('opens the peer direction and rejects duplicates as ReplayDetected', () => {
    const sealer = new PacketSealer({ key: keyA, direction: Direction.FromCallee });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCallee });
    const p0 = sealer.seal(header, frame(0), { lossPct: 0, rttMs: 40, jitterMs: 3, bitrateCapKbps: 64 }).packet;
    const first = opener.open(0, p0);
    expect(first.kind === 'opened' && { payload: first.payload, trailer: first.trailer }).toEqual({
      payload: frame(0),
      trailer: { lossPct: 0, rttMs: 40, jitterMs: 3, bitrateCapKbps: 64 },
    });
    expect(opener.open(1, p0)).toEqual({ kind: 'ReplayDetected', reason: 'duplicate' });
  });

  test('a packet sealed for the other direction does not open (BadTag)', () => {
    const caller = new PacketSealer({ key: keyA, direction: Direction.FromCaller });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCallee });
    expect(opener.open(0, caller.seal(header, frame(0)).packet)).toEqual({ kind: 'BadTag' });
  });

  test('recovers the 32-bit index across the 16-bit wrap, with reordering', () => {
    const sealer = new PacketSealer({ key: keyA, direction: Direction.FromCaller, firstIndex: 65530 });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCaller });
    const packets = Array.from({ length: 12 }, (_, i) => sealer.seal(header, frame(i)).packet);
    // The receiver first sees 65530 (as any fresh epoch, it assumes index = seq), then a reordered stream.
    const order = [0, 2, 1, 6, 3, 7, 5, 4, 9, 11, 8, 10];
    expect(kinds(order.map((i) => opener.open(i, packets[i] as Uint8Array)))).toEqual(
      order.map((i) => `current:${65530 + i}`),
    );
  });

  test('recoverIndex picks the candidate nearest the highest index seen', () => {
    expect([
      recoverIndex(null, 5),
      recoverIndex(65535, 0),
      recoverIndex(65537, 65535),
      recoverIndex(131072, 65000),
    ]).toEqual([5, 65536, 65535, 130536]);
  });

  test('keeps the previous key through a rekey so reordered in-flight packets of both epochs open', () => {
    const sealer = new PacketSealer({
      key: keyA,
      direction: Direction.FromCaller,
      firstIndex: REKEY_INTERVAL_PACKETS - 4,
    });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCaller });
    const old = Array.from({ length: 4 }, (_, i) => sealer.seal(header, frame(i)).packet);
    sealer.rekey(keyB);
    const fresh = Array.from({ length: 4 }, (_, i) => sealer.seal(header, frame(100 + i)).packet);
    opener.open(0, old[0] as Uint8Array);
    opener.installKey(keyB);
    // In flight: new-epoch packets overtake the tail of the old epoch.
    const arrivals: Array<[number, Uint8Array]> = [
      [10, fresh[0] as Uint8Array],
      [11, old[2] as Uint8Array],
      [12, fresh[2] as Uint8Array],
      [13, old[1] as Uint8Array],
      [14, fresh[1] as Uint8Array],
      [15, old[3] as Uint8Array],
      [16, old[3] as Uint8Array],
      [17, fresh[3] as Uint8Array],
    ];
    expect(kinds(arrivals.map(([now, packet]) => opener.open(now, packet)))).toEqual([
      'current:0',
      'previous:65534',
      'current:2',
      'previous:65533',
      'current:1',
      'previous:65535',
      'ReplayDetected',
      'current:3',
    ]);
    // The grace clock started with the first new-epoch packet (t = 10).
    expect(opener.pollTimeout()).toBe(10 + REKEY_GRACE_MS);
  });

  test('erases the previous key when the grace window ends, after which old packets fail', () => {
    const sealer = new PacketSealer({ key: keyA, direction: Direction.FromCaller });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCaller });
    sealer.seal(header, frame(0));
    const late = sealer.seal(header, frame(1)).packet; // seq 1: no new-epoch packet shares it, so only the key decides
    sealer.rekey(keyB);
    opener.installKey(keyB);
    expect(opener.pollTimeout()).toBe(null); // waiting for the peer to switch keys: no deadline yet
    opener.open(1000, sealer.seal(header, frame(1)).packet);
    expect(opener.pollTimeout()).toBe(1000 + REKEY_GRACE_MS);
    opener.handleTimeout(1000 + REKEY_GRACE_MS - 1);
    expect(opener.hasPreviousKey).toBe(true);
    opener.handleTimeout(1000 + REKEY_GRACE_MS);
    expect([opener.hasPreviousKey, opener.pollTimeout()]).toEqual([false, null]);
    expect(opener.open(1000 + REKEY_GRACE_MS, late)).toEqual({ kind: 'BadTag' });
  });

  test('ends the grace window early after the configured number of new-epoch packets', () => {
    const sealer = new PacketSealer({ key: keyA, direction: Direction.FromCaller });
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCaller, gracePackets: 3 });
    const late = Array.from({ length: 4 }, (_, i) => sealer.seal(header, frame(i)).packet)[3] as Uint8Array; // seq 3
    sealer.rekey(keyB);
    opener.installKey(keyB);
    for (let i = 0; i < 3; i++) opener.open(i, sealer.seal(header, frame(i)).packet);
    expect(opener.hasPreviousKey).toBe(false);
    expect(opener.open(3, late)).toEqual({ kind: 'BadTag' });
  });

  test('a second rekey erases the key two epochs back at once', () => {
    const opener = new PacketOpener({ key: keyA, direction: Direction.FromCaller });
    const oldest = new PacketSealer({ key: keyA, direction: Direction.FromCaller }).seal(header, frame(0)).packet;
    opener.installKey(keyB);
    opener.installKey(new Uint8Array(32).fill(0x0c));
    expect(opener.open(0, oldest)).toEqual({ kind: 'BadTag' });
  });
});
