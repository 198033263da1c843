import { describe, expect, test } from 'bun:test';
import { parseDuration } from '../src/duration.ts';

describe('parseDuration', () => {
  test.each([
    ['250ms', 250],
    ['10s', 10_000],
    ['1.5s', 1_500],
    ['5m', 300_000],
    ['24h', 86_400_000],
    ['7d', 604_800_000],
    ['1h30m', 5_400_000],
    ['1m30s500ms', 90_500],
    ['0', 0],
    ['0s', 0],
    [' 10s ', 10_000],
  ])('reads %p as %p ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.each([
    ['', 'empty duration'],
    ['   ', 'empty duration'],
    ['abc', "'abc' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['10', "'10' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['5x', "'5x' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['-1s', "'-1s' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['1h 30m', "'1h 30m' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['1.s', "'1.s' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
    ['10s5', "'10s5' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)"],
  ])('refuses %p: %s', (text, message) => {
    expect(() => parseDuration(text)).toThrow(message);
  });

  test('a refused string does not affect the next parse', () => {
    expect(() => parseDuration('5x')).toThrow();
    expect(parseDuration('2s')).toBe(2_000);
  });
});
