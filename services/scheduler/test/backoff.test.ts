import { describe, expect, test } from 'bun:test';
import { backoffDelay, parseRetryAfter, retryDelay } from '../src/backoff.ts';

const policy = { baseMs: 1_000, maxMs: 60_000 };

describe('backoffDelay', () => {
  test.each([
    [1, 500, 1_000],
    [2, 1_000, 2_000],
    [3, 2_000, 4_000],
    [6, 16_000, 32_000],
    [7, 30_000, 60_000],
    [50, 30_000, 60_000],
  ])('after attempt %i waits between %i and %i ms', (attempt, low, high) => {
    expect(backoffDelay(attempt, policy, () => 0)).toBe(low);
    expect(backoffDelay(attempt, policy, () => 0.999_999)).toBe(high);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  test.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
    [null, null],
  ])('%p is %p ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});

describe('retryDelay', () => {
  test('takes the longer of backoff and Retry-After', () => {
    expect(retryDelay(1, 5_000, policy, () => 0)).toBe(5_000);
    expect(retryDelay(3, 100, policy, () => 0)).toBe(2_000);
  });

  test('never waits beyond the cap, whatever the target asks', () => {
    expect(retryDelay(1, 86_400_000, policy, () => 0)).toBe(60_000);
  });
});
