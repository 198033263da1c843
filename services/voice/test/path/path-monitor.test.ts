// Tests for the path monitor on synthetic traffic: known loss, RTT, jitter and bandwidth, EWMA 0.1.

import { describe, expect, test } from 'bun:test';
import { Ewma } from '../../src/path/ewma.ts';
import { INITIAL_RTT_MS, PathMonitor } from '../../src/path/path-monitor.ts';
import { QualityController } from '../../src/quality/quality-controller.ts';

const FRAME_MS = 20;

/**
 * Sends `count` packets of `bytes` every 20 ms from `firstSeq` (wrapping at 65535), dropping those `drop` selects,
 * with one-way delay `delay(i)`, and reports once per second.
 */
function traffic(options: {
  count: number;
  firstSeq?: number;
  bytes?: number;
  drop?: (i: number) => boolean;
  delay?: (i: number) => number;
}) {
  const monitor = new PathMonitor();
  const reports = [];
  for (let i = 0; i < options.count; i += 1) {
    const sent = i * FRAME_MS;
    if (!(options.drop?.(i) ?? false)) {
      const seq = ((options.firstSeq ?? 0) + i) & 0xffff;
      monitor.onPacket(seq, sent, options.bytes ?? 100, sent + (options.delay?.(i) ?? 30));
    }
    // Report at the last packet's arrival, so the 1 s window (now - 1000, now] holds exactly 50 packets.
    if ((i + 1) % 50 === 0) reports.push(monitor.report(sent + 30));
  }
  return { monitor, reports };
}

describe('path monitor', () => {
  test.each([
    ['no loss', 0, () => false],
    ['every fifth packet lost', 20, (i: number) => i % 5 === 2],
    ['every tenth packet lost', 10, (i: number) => i % 10 === 3],
    ['half the packets lost', 50, (i: number) => i % 2 === 1],
  ])('loss from sequence gaps: %s reads %d %%', (_name, expected, drop) => {
    const { reports } = traffic({ count: 1_000, drop });
    // The first interval ends on a lost packet for the 50 % case, so its first sample is 24/49; EWMA 0.1 pulls it in.
    expect(reports.at(-1)?.lossPct).toBeCloseTo(expected, 0);
  });

  test('loss counts gaps correctly through the 65535 → 0 wrap', () => {
    const { reports } = traffic({ count: 1_000, firstSeq: 65_000, drop: (i) => i % 5 === 2 });
    expect(reports.map((r) => r.lossPct.toFixed(6))).toEqual(Array(20).fill('20.000000'));
  });

  test('reordered packets are not counted as lost', () => {
    const monitor = new PathMonitor();
    for (const [n, seq] of [1, 3, 2, 4, 6, 5].entries()) monitor.onPacket(seq, seq * 20, 100, n * 20 + 30);
    expect(monitor.report(200).lossPct).toBe(0);
  });

  test('loss is smoothed with EWMA 0.1 across reports', () => {
    const { reports } = traffic({ count: 150, drop: (i) => i >= 50 && i < 100 && i % 2 === 0 });
    expect(reports.map((r) => r.lossPct)).toEqual([0, 5, 4.5]);
  });

  test('RTT is the EWMA 0.1 of Ping/Pong round trips, starting from the seed estimate', () => {
    const monitor = new PathMonitor();
    const before = monitor.report(0).rttMs;
    monitor.onPong(1_000, 1_080);
    const first = monitor.report(1_100).rttMs;
    for (let i = 0; i < 200; i += 1) monitor.onPong(2_000 + i * 1_000, 2_000 + i * 1_000 + 120);
    expect({ before, first, converged: Math.round(monitor.report(300_000).rttMs * 1e6) / 1e6 }).toEqual({
      before: INITIAL_RTT_MS,
      first: 80,
      converged: 120,
    });
  });

  test.each([
    ['a constant delay', () => 30, 0],
    ['delays alternating 30 and 40 ms', (i: number) => (i % 2 === 0 ? 30 : 40), 10],
    ['delays alternating 30 and 50 ms', (i: number) => (i % 2 === 0 ? 30 : 50), 20],
  ])('RFC 3550 interarrival jitter for %s reads the expected ms', (_name, delay, expected) => {
    const { reports } = traffic({ count: 600, delay });
    // D(i-1,i) is the change in one-way delay between consecutive packets: |30 - 40| = 10, |30 - 50| = 20.
    expect(reports.at(-1)?.jitterMs).toBeCloseTo(expected, 0);
  });

  test('bandwidth is bytes over the one-second window in kbit/s', () => {
    const { reports } = traffic({ count: 500, bytes: 150 });
    // 50 packets of 150 bytes per second: 60 kbit/s.
    expect(reports.at(-1)?.bitrateCapKbps).toBeCloseTo(60, 6);
  });

  test('the EWMA weighs each new sample by 0.1 after the first', () => {
    const ewma = new Ewma();
    expect([ewma.value, ewma.add(10), ewma.add(20), ewma.add(20)]).toEqual([null, 10, 11, 11.9]);
  });
});

test('the quality controller downgrades on the third report of a path losing 30 % of its packets', () => {
  const { reports } = traffic({ count: 200, drop: (i) => i % 10 < 3 });
  const controller = new QualityController();
  expect(reports.map((r) => controller.report(r))).toEqual([null, null, { from: 'GOOD', to: 'DEGRADED' }, null]);
});
