// Tests for the jitter buffer: ordering through the wrap, gaps, start depth, eviction, counters, late and duplicates.

import { describe, expect, test } from 'bun:test';
import { JitterBuffer, type JitterPacket, type PlayoutResult } from '../../src/jitter/jitter-buffer.ts';
import {
  InvalidJitterConfigError,
  type JitterBufferConfig,
  SEED_JITTER_CONFIG,
} from '../../src/jitter/jitter-config.ts';
import { runCall } from './virtual-link.ts';

const SMALL: JitterBufferConfig = { targetDepth: 3, maxDepth: 6, minDepth: 1, adaptive: null };

function packet(seq: number): JitterPacket {
  return { seq, mediaTimeMs: seq * 20 };
}

/** Pushes `seqs` in the given order at t=0, then pops `pops` times; returns what played, as seq or 'Missing n'. */
function playout(
  seqs: number[],
  pops: number,
  config = SMALL,
): { played: (number | string)[]; buffer: JitterBuffer<JitterPacket> } {
  const buffer = new JitterBuffer<JitterPacket>(config);
  for (const seq of seqs) buffer.push(packet(seq), 0);
  const played: (number | string)[] = [];
  for (let i = 0; i < pops; i += 1) played.push(describeResult(buffer.pop(i * 20)));
  return { played, buffer };
}

function describeResult(result: PlayoutResult<JitterPacket>): number | string {
  if (result.kind === 'Packet') return result.seq;
  if (result.kind === 'Missing') return `Missing ${result.seq}`;
  return 'NotReady';
}

describe('jitter buffer ordering', () => {
  test.each<[string, number[], (number | string)[]]>([
    ['in-order packets play in order', [1, 2, 3, 4], [1, 2, 3, 4]],
    ['reordered packets play in sequence order', [4, 2, 1, 3], [1, 2, 3, 4]],
    ['the wrap 65535 → 0 keeps serial order', [0, 65534, 1, 65535], [65534, 65535, 0, 1]],
    ['a gap plays as Missing for each absent sequence', [10, 11, 14, 15], [10, 11, 'Missing 12', 'Missing 13', 14, 15]],
    ['a gap across the wrap names the missing sequence', [65534, 1, 2], [65534, 'Missing 65535', 'Missing 0', 1, 2]],
  ])('%s', (_name, seqs, expected) => {
    expect(playout(seqs, expected.length).played).toEqual(expected);
  });

  test('pop reports NotReady until the depth reaches the target, then plays', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    buffer.push(packet(7), 0);
    buffer.push(packet(8), 0);
    expect([buffer.pop(0), buffer.pop(20)]).toEqual([{ kind: 'NotReady' }, { kind: 'NotReady' }]);
    buffer.push(packet(9), 40);
    expect(buffer.pop(40)).toEqual({ kind: 'Packet', seq: 7, packet: packet(7) });
  });

  test('the seed defaults wait for 50 packets (1 s at 20 ms) before playout', () => {
    const { played } = playout(
      Array.from({ length: 49 }, (_, i) => i),
      1,
      SEED_JITTER_CONFIG,
    );
    expect(played).toEqual(['NotReady']);
    expect(
      playout(
        Array.from({ length: 50 }, (_, i) => i),
        1,
        SEED_JITTER_CONFIG,
      ).played,
    ).toEqual([0]);
  });

  test('an emptied buffer rebuffers to the target and then continues from the next sequence', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    for (const seq of [1, 2, 3]) buffer.push(packet(seq), 0);
    const first = [1, 2, 3, 4].map((i) => describeResult(buffer.pop(i)));
    for (const seq of [5, 6]) buffer.push(packet(seq), 100);
    const waiting = describeResult(buffer.pop(100));
    buffer.push(packet(7), 120);
    const resumed = [1, 2, 3, 4].map((i) => describeResult(buffer.pop(120 + i)));
    expect({ first, waiting, resumed }).toEqual({
      first: [1, 2, 3, 'NotReady'],
      waiting: 'NotReady',
      resumed: ['Missing 4', 5, 6, 7],
    });
  });

  test('a gap longer than the maximum depth is skipped in one step and counted lost', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    for (const seq of [1, 2, 3]) buffer.push(packet(seq), 0);
    for (let i = 0; i < 3; i += 1) buffer.pop(i);
    for (const seq of [100, 101, 102]) buffer.push(packet(seq), 50);
    expect(describeResult(buffer.pop(60))).toBe(100);
    expect(buffer.counters().lost).toBe(96);
  });
});

describe('jitter buffer eviction, late packets and duplicates', () => {
  test('depth above the maximum evicts the oldest packets, counted lost, and playout continues after them', () => {
    const { played, buffer } = playout([1, 2, 3, 4, 5, 6, 7, 8], 6);
    expect(played).toEqual([3, 4, 5, 6, 7, 8]);
    expect(buffer.counters()).toEqual({ received: 8, played: 6, lost: 2, late: 0, duplicate: 0, depth: 0 });
  });

  test('a packet for a sequence already played counts as duplicate; one already concealed counts as late', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    for (const seq of [1, 3, 4]) buffer.push(packet(seq), 0);
    const played = [0, 1, 2].map((i) => describeResult(buffer.pop(i)));
    const verdicts = [buffer.push(packet(1), 5), buffer.push(packet(2), 5), buffer.push(packet(4), 5)];
    expect({ played, verdicts, counters: buffer.counters() }).toEqual({
      played: [1, 'Missing 2', 3],
      verdicts: ['Duplicate', 'Late', 'Duplicate'],
      counters: { received: 3, played: 2, lost: 1, late: 1, duplicate: 2, depth: 1 },
    });
  });

  test('a duplicate of a buffered packet is counted and not stored twice', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    expect([buffer.push(packet(5), 0), buffer.push(packet(5), 1)]).toEqual(['Accepted', 'Duplicate']);
    expect(buffer.counters()).toEqual({ received: 1, played: 0, lost: 0, late: 0, duplicate: 1, depth: 1 });
  });

  test.each([
    ['min above target', { targetDepth: 3, maxDepth: 6, minDepth: 4, adaptive: null }],
    ['target above max', { targetDepth: 7, maxDepth: 6, minDepth: 1, adaptive: null }],
    ['zero depth', { targetDepth: 0, maxDepth: 6, minDepth: 0, adaptive: null }],
    ['fractional depth', { targetDepth: 2.5, maxDepth: 6, minDepth: 1, adaptive: null }],
    ['max beyond half the sequence space', { targetDepth: 3, maxDepth: 40_000, minDepth: 1, adaptive: null }],
    ['a non-positive frame', { targetDepth: 3, maxDepth: 6, minDepth: 1, adaptive: { frameMs: 0 } }],
  ])('a config with %s is rejected', (_name, config) => {
    expect(() => new JitterBuffer(config)).toThrow(InvalidJitterConfigError);
  });
});

describe('jitter buffer on a lossy, reordering link', () => {
  test('counters balance exactly: every accepted packet is played, evicted or still held', () => {
    const run = runCall({
      config: { targetDepth: 5, maxDepth: 20, minDepth: 1, adaptive: null },
      link: { seed: 7, baseDelayMs: 40, jitterMs: 30, loss: 0.05, reorder: 0.05 },
      frames: 3_000,
      firstSeq: 64_000,
    });
    const c = run.buffer.counters();
    const missing = run.results.filter((r) => r.kind === 'Missing').length;
    const packets = run.results.filter((r) => r.kind === 'Packet');
    const seqs = packets.map((r) => (r.kind === 'Packet' ? r.seq : -1));
    // Played sequence numbers strictly increase in serial order through the wrap at 65535.
    const ordered = seqs.every((seq, i) => i === 0 || ((seq - (seqs[i - 1] as number) + 0x1_0000) & 0xffff) < 0x8000);
    expect({
      ordered,
      wrapped: seqs.includes(0),
      accounted: c.received - c.played - c.depth,
      missingIsLost: missing,
    }).toEqual({
      ordered: true,
      wrapped: true,
      accounted: 0,
      missingIsLost: c.lost,
    });
    expect(c.played).toBe(packets.length);
    expect(c.received + c.late).toBeGreaterThan(2_800);
  });
});

describe('Missing and the next packet', () => {
  test('a Missing result carries the packet that plays right after it when it is already held', () => {
    const buffer = new JitterBuffer<JitterPacket>(SMALL);
    for (const seq of [2, 3, 6, 7, 8]) buffer.push(packet(seq), 0);
    const results = Array.from({ length: 5 }, (_, i) => buffer.pop(i * 20));
    const missing = results.filter((r) => r.kind === 'Missing');
    // 4 is followed by 5, which is lost too, so 4 has no successor to rebuild from; 5 is followed by 6.
    expect(missing.map((r) => [r.seq, r.next?.seq ?? null])).toEqual([
      [4, null],
      [5, 6],
    ]);
  });
});
