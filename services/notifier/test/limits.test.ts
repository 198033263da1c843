// Per-visitor limits with ntfy's error codes, and which address counts as the visitor.

import { describe, expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { NTFY_VISITOR_LIMITS } from '../src/visitors.ts';
import { lineReader, startTestNotifier } from './support/test-notifier.ts';

const limits = (overrides: Partial<typeof NTFY_VISITOR_LIMITS>) => ({
  visitors: { ...NTFY_VISITOR_LIMITS, ...overrides },
});

describe('request limit', () => {
  test('after the burst, requests are refused with 42901 until a token comes back', async () => {
    await using n = await startTestNotifier(limits({ requestBurst: 3, requestReplenishMs: 60_000 }));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${n.url}/t`, { method: 'POST', body: 'x' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${n.url}/t/json?poll=1`);
    expect(await refused.json()).toEqual({
      code: 42901,
      http: 429,
      error: 'limit reached: too many requests',
      link: 'https://ntfy.sh/docs/publish/#limitations',
    });
    // Health and stats are never limited.
    expect((await fetch(`${n.url}/v1/health`)).status).toBe(200);
  });

  test('exempt hosts are never request-limited', async () => {
    await using n = await startTestNotifier(limits({ requestBurst: 1, exemptHosts: new Set(['127.0.0.1']) }));
    for (let i = 0; i < 5; i++) expect((await fetch(`${n.url}/t`, { method: 'POST', body: 'x' })).status).toBe(200);
  });

  test('X-Forwarded-For counts only from a trusted proxy', async () => {
    const config = {
      ...limits({ requestBurst: 1, requestReplenishMs: 60_000 }),
      trustedProxies: new Set(['127.0.0.1']),
    };
    await using n = await startTestNotifier(config);
    const from = (client: string) =>
      fetch(`${n.url}/t`, { method: 'POST', body: 'x', headers: { 'X-Forwarded-For': `10.0.0.9, ${client}` } });
    expect([
      (await from('192.0.2.1')).status,
      (await from('192.0.2.2')).status,
      (await from('192.0.2.1')).status,
    ]).toEqual([200, 200, 429]);
    await using untrusting = await startTestNotifier(limits({ requestBurst: 1, requestReplenishMs: 60_000 }));
    const forged = (client: string) =>
      fetch(`${untrusting.url}/t`, { method: 'POST', body: 'x', headers: { 'X-Forwarded-For': client } });
    expect([(await forged('192.0.2.1')).status, (await forged('192.0.2.2')).status]).toEqual([200, 429]);
  });
});

describe('subscription limit', () => {
  test('a visitor may hold only so many subscriptions at once (42903), and a closed one frees its place', async () => {
    await using n = await startTestNotifier(limits({ subscriptionLimit: 2 }));
    const first = lineReader(await fetch(`${n.url}/a/json`));
    const second = lineReader(await fetch(`${n.url}/b/sse`));
    await Promise.all([first.next(), second.next()]);
    const third = await fetch(`${n.url}/c/json`);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 42903 });
    await first.cancel();
    const reopened = await waitFor(async () => {
      const response = await fetch(`${n.url}/c/json`);
      if (response.status === 200) return response;
      await response.body?.cancel();
      return null;
    });
    const retry = lineReader(reopened);
    expect(JSON.parse(await retry.next())).toMatchObject({ event: 'open' });
    await Promise.all([second.cancel(), retry.cancel()]);
  });
});
