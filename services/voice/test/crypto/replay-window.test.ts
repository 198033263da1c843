// Tests for the anti-replay window: a table of sequences through the wrap, reordering, and far jumps.

import { describe, expect, test } from 'bun:test';
import { type ReplayVerdict, ReplayWindow } from '../../src/index.ts';

/** Feeds `seqs` in order, committing each fresh one, and returns the verdicts. */
function run(seqs: number[]): ReplayVerdict[] {
  const window = new ReplayWindow();
  return seqs.map((seq) => {
    const verdict = window.check(seq);
    if (verdict === 'fresh') window.commit(seq);
    return verdict;
  });
}

describe('replay window', () => {
  test.each<[string, number[], ReplayVerdict[]]>([
    ['in order', [1, 2, 3], ['fresh', 'fresh', 'fresh']],
    ['an immediate duplicate', [5, 5], ['fresh', 'duplicate']],
    ['reordering within the window', [10, 8, 9, 7, 8], ['fresh', 'fresh', 'fresh', 'fresh', 'duplicate']],
    ['across the wrap 65535 → 0', [65534, 65535, 0, 1], ['fresh', 'fresh', 'fresh', 'fresh']],
    [
      'late packets from before the wrap',
      [65535, 0, 2, 65534, 1, 65535],
      ['fresh', 'fresh', 'fresh', 'fresh', 'fresh', 'duplicate'],
    ],
    ['the oldest seq still in the window (1023 behind)', [2000, 977], ['fresh', 'fresh']],
    ['one seq past the window (1024 behind)', [2000, 976], ['fresh', 'too-old']],
    ['1023 behind across the wrap', [500, 65013], ['fresh', 'fresh']],
    ['1024 behind across the wrap', [500, 65012], ['fresh', 'too-old']],
    ['a far jump forward clears the window', [1, 30000, 1, 29999], ['fresh', 'fresh', 'too-old', 'fresh']],
    ['exactly half the space ahead is treated as behind (RFC 1982 undefined)', [0, 32768], ['fresh', 'too-old']],
    ['a slide reuses slots: seq + 1024 is fresh, seq is then too old', [7, 1031, 7], ['fresh', 'fresh', 'too-old']],
  ])('%s', (_name, seqs, verdicts) => {
    expect(run(seqs)).toEqual(verdicts);
  });

  test('check alone records nothing: an unauthenticated packet cannot poison the window', () => {
    const window = new ReplayWindow();
    window.commit(100);
    expect([window.check(101), window.check(101)]).toEqual(['fresh', 'fresh']);
    expect(window.highest).toBe(100);
  });

  test('every seq of a shuffled 1024-packet run across the wrap is fresh once, then a duplicate', () => {
    const seqs = Array.from({ length: 1024 }, (_, i) => (65000 + i) % 65536);
    const shuffled = [...seqs].sort((a, b) => ((a * 7919) % 1024) - ((b * 7919) % 1024));
    const window = new ReplayWindow();
    window.commit(seqs[seqs.length - 1] as number);
    const verdicts = shuffled.map((seq) => {
      const verdict = window.check(seq);
      if (verdict === 'fresh') window.commit(seq);
      return verdict;
    });
    expect(verdicts.filter((v) => v === 'fresh').length).toBe(1023);
    expect(shuffled.map((seq) => window.check(seq)).every((v) => v === 'duplicate')).toBe(true);
  });
});
