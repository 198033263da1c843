import { expect, test } from 'bun:test';
import { TokenBucket } from '../src/token-bucket.ts';

function bucket(burst: number, replenishMs: number) {
  let now = 1_000;
  const tokens = new TokenBucket({ burst, replenishMs, now: () => now });
  return { tokens, advance: (ms: number) => (now += ms) };
}

test('allows a burst, then refuses until a token is replenished', () => {
  const { tokens, advance } = bucket(3, 5_000);
  expect([tokens.take(), tokens.take(), tokens.take(), tokens.take()]).toEqual([true, true, true, false]);
  expect(tokens.waitMs()).toBe(5_000);
  advance(4_999);
  expect(tokens.take()).toBe(false);
  advance(1);
  expect([tokens.take(), tokens.take()]).toEqual([true, false]);
});

test('never holds more than the burst, however long it idles', () => {
  const { tokens, advance } = bucket(2, 1_000);
  advance(1_000_000);
  expect([tokens.take(), tokens.take(), tokens.take()]).toEqual([true, true, false]);
});

test('reports itself full once refilled, so an idle owner can be dropped', () => {
  const { tokens, advance } = bucket(2, 1_000);
  tokens.take();
  expect(tokens.full).toBe(false);
  advance(1_000);
  expect(tokens.full).toBe(true);
});

test('ignores a clock that goes backwards', () => {
  const { tokens, advance } = bucket(1, 1_000);
  tokens.take();
  advance(-10_000);
  expect(tokens.take()).toBe(false);
  advance(11_000);
  expect(tokens.take()).toBe(true);
});
