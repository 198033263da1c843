import { expect, test } from 'bun:test';
import { RateGovernor } from '../src/rpc/rate-governor.ts';

/** A virtual clock: sleeping advances it at once, so pacing is checked without waiting. */
function virtualTime() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

test('spaces requests evenly at the configured rate', async () => {
  const clock = virtualTime();
  const governor = new RateGovernor({ maxPerSecond: 10, maxConcurrency: 100, ...clock });
  const starts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const release = await governor.acquire();
    starts.push(clock.now());
    release('ok');
  }
  expect(starts.at(-1)).toBe(1_900);
  expect(starts.every((t, i) => i === 0 || t - (starts[i - 1] ?? 0) >= 100)).toBe(true);
});

test('a 429 halves rate and window and waits out Retry-After; successes win them back', async () => {
  const clock = virtualTime();
  const governor = new RateGovernor({ maxPerSecond: 20, maxConcurrency: 8, ...clock });
  const release = await governor.acquire();
  release('throttled', 3_000);
  expect([governor.perSecond, governor.concurrency]).toEqual([10, 4]);
  const before = clock.now();
  (await governor.acquire())('ok');
  expect(clock.now() - before).toBeGreaterThanOrEqual(3_000);
  for (let i = 0; i < 40; i++) (await governor.acquire())('ok');
  expect(governor.perSecond).toBe(20);
  expect(governor.concurrency).toBe(8);
});

test('never runs more requests at once than the window allows', async () => {
  const clock = virtualTime();
  const governor = new RateGovernor({ maxPerSecond: 1_000, maxConcurrency: 2, ...clock });
  let inFlight = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      const release = await governor.acquire();
      peak = Math.max(peak, ++inFlight);
      await Promise.resolve();
      inFlight--;
      release('ok');
    }),
  );
  expect(peak).toBe(2);
});

test('a throttled endpoint is slowed, never stopped', async () => {
  const clock = virtualTime();
  const governor = new RateGovernor({ maxPerSecond: 10, maxConcurrency: 4, ...clock });
  for (let i = 0; i < 30; i++) (await governor.acquire())('throttled');
  expect(governor.perSecond).toBe(0.5);
  expect(governor.concurrency).toBe(1);
});
