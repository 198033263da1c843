// End to end on loopback: anvil with the reference contracts, the real scheduler and notifier, the web app.
// A watch's checks run through the scheduler; alerts reach a notifier subscriber exactly once per crossing.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ANVIL_ACCOUNTS, type Anvil, deployRefLending, type RefLending, startAnvil } from '@keel/devchain';
import { waitFor } from '@keel/kit/testing';
import { getAddress } from 'viem';
import { startNotifier, startScheduler, subscribe } from './support/services.ts';
import { referenceChain, startTestWebapp, TASK_KEY } from './support/test-webapp.ts';

const OWNER = getAddress(ANVIL_ACCOUNTS[1]?.address ?? '');
const STRANGER = getAddress(ANVIL_ACCOUNTS[2]?.address ?? '');
const WAD = 10n ** 18n;
/** 1 collateral against 1,000 debt, threshold 85 %: health = price × 0.85 / 1,000 (1.7 at the default 2,000). */
const price = (usd: number) => BigInt(usd) * WAD;

let anvil: Anvil;
let lending: RefLending;
beforeAll(async () => {
  anvil = await startAnvil();
  lending = await deployRefLending(anvil.rpcUrl);
});
afterAll(() => anvil.stop());

interface WatchJson {
  id: string;
  level: string;
  lastValue: number | null;
  lastCheckedAt: string | null;
  [key: string]: unknown;
}

async function stack(checkIntervalMs: number) {
  const scheduler = await startScheduler();
  const notifier = await startNotifier();
  const app = await startTestWebapp({
    chains: { base: referenceChain(anvil.rpcUrl, lending.positions, lending.lending) },
    schedulerUrl: scheduler.url,
    notifierUrl: notifier.url,
    checkIntervalMs,
  });
  const read = async (id: string) => (await (await app.request('GET', `/api/watches/${id}`)).json()) as WatchJson;
  /** Resolves once `n` more checks have completed after this call. */
  const checksPass = async (id: string, n: number) => {
    let seen = (await read(id)).lastCheckedAt;
    for (let i = 0; i < n; i++) {
      const before = seen;
      seen = await waitFor(
        async () => {
          const at = (await read(id)).lastCheckedAt;
          return at !== before && at;
        },
        { timeoutMs: checkIntervalMs * 4, what: 'the next check' },
      );
    }
  };
  return {
    scheduler,
    notifier,
    app,
    read,
    checksPass,
    async [Symbol.asyncDispose]() {
      await app[Symbol.asyncDispose]();
      await notifier[Symbol.asyncDispose]();
      await scheduler[Symbol.asyncDispose]();
    },
  };
}

function watchBody(id: bigint, topic: string) {
  return {
    chain: 'base',
    preset: 'ETH-USD',
    id: id.toString(),
    owner: OWNER.toLowerCase(),
    label: 'My ETH loan',
    metric: 'health',
    warning: 1.5,
    critical: 1.2,
    topic,
    email: null,
  };
}

describe('a watched position', () => {
  test('alerts once when it crosses critical, recovers with a notice, and ends when closed', async () => {
    await lending.setPrice(price(2_000));
    await using s = await stack(1_000);
    const id = await lending.open(1, WAD, 1_000n * WAD);
    const topic = `alerts-${crypto.randomUUID().slice(0, 8)}`;
    await using subscriber = await subscribe(s.notifier.url, topic);
    await waitFor(() => subscriber.isOpen(), { what: 'the subscription to open' });

    const created = await s.app.request('POST', '/api/watches', { body: watchBody(id, topic) });
    expect(created.status).toBe(201);
    const watch = (await created.json()) as WatchJson;
    expect(watch).toEqual({
      id: expect.any(String),
      chain: 'base',
      preset: 'ETH-USD',
      positionId: id.toString(),
      owner: OWNER,
      label: 'My ETH loan',
      metric: 'health',
      warning: 1.5,
      critical: 1.2,
      topic,
      email: null,
      level: 'ok',
      lastValue: expect.closeTo(1.7, 6),
      lastCheckedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const listed = await s.app.request('GET', `/api/watches?owner=${OWNER}`);
    expect(((await listed.json()) as WatchJson[]).map((w) => w.id)).toEqual([watch.id]);

    // Healthy: checks keep running through the scheduler and nothing is published.
    await s.checksPass(watch.id, 2);
    expect(subscriber.messages).toEqual([]);

    // 1,250 × 0.85 / 1,000 = 1.0625: straight past critical.
    const crossedAt = Date.now();
    await lending.setPrice(price(1_250));
    const minedAt = Date.now();
    const [alert] = await waitFor(() => subscriber.messages.length > 0 && subscriber.messages, {
      timeoutMs: 10_000,
      what: 'the critical alert',
    });
    const receivedAt = alert?.receivedAt ?? Number.NaN;
    console.log(
      `crossing → alert: ${receivedAt - minedAt} ms after the price transaction was mined ` +
        `(${receivedAt - crossedAt} ms after it was sent; check interval 1 s)`,
    );
    const link = `http://dapp.test/dapp/position/base/${id}?preset=ETH-USD`;
    expect(alert).toMatchObject({ priority: 5, click: link, tags: ['rotating_light', 'base'] });
    expect(alert?.title).toBe('Critical: My ETH loan health 1.06');
    expect(alert?.message).toBe(
      `Health is 1.06, below your critical threshold of 1.2. At 1 the position can be liquidated.\n` +
        `My ETH loan on base, position #${id}\n${link}`,
    );

    // Still critical: further checks say nothing more.
    await s.checksPass(watch.id, 3);
    expect(subscriber.messages).toHaveLength(1);
    expect(await s.read(watch.id)).toMatchObject({ level: 'critical', lastValue: expect.closeTo(1.0625, 6) });

    // Back to 1.7, past warning + margin (1.53): one recovery notice.
    await lending.setPrice(price(2_000));
    await waitFor(() => subscriber.messages.length > 1, { what: 'the recovery notice' });
    expect(subscriber.messages[1]).toMatchObject({
      priority: 3,
      title: 'Recovered: My ETH loan health 1.7',
      click: link,
    });

    // The owner closes the position: the watch ends without an alert, and no check is left scheduled.
    await lending.close(1, id);
    await waitFor(async () => (await s.read(watch.id)).level === 'gone', { what: 'the watch to end' });
    // The check that saw the position closed is itself a task, pending at the scheduler until its delivery is
    // answered; after that nothing is left scheduled.
    await waitFor(async () => (await s.scheduler.pending(`/api/tasks/check/${watch.id}`)).length === 0, {
      what: 'no check left scheduled',
    });
    expect(subscriber.messages).toHaveLength(2);
  }, 30_000);

  test('at the default 4 s interval a crossing reaches the notifier within one interval (measured)', async () => {
    await lending.setPrice(price(2_000));
    await using s = await stack(4_000);
    const id = await lending.open(1, WAD, 1_000n * WAD);
    const topic = `latency-${crypto.randomUUID().slice(0, 8)}`;
    await using subscriber = await subscribe(s.notifier.url, topic);
    await waitFor(() => subscriber.isOpen(), { what: 'the subscription to open' });
    expect((await s.app.request('POST', '/api/watches', { body: watchBody(id, topic) })).status).toBe(201);

    const latencies: number[] = [];
    for (const [usd, expected] of [
      [1_250, 1],
      [2_000, 2],
      [1_250, 3],
    ] as const) {
      await lending.setPrice(price(usd));
      const minedAt = Date.now();
      const message = await waitFor(() => subscriber.messages[expected - 1], { timeoutMs: 12_000, what: 'the alert' });
      latencies.push(message.receivedAt - minedAt);
    }
    // Each price move lands just after a check (the one that published the previous alert), so this is the worst
    // case: a whole interval plus the check itself.
    console.log(`crossing → alert at the 4 s interval, worst case: ${latencies.join(', ')} ms (tx mined → subscriber)`);
    expect(subscriber.messages.map((m) => m.title)).toEqual([
      'Critical: My ETH loan health 1.06',
      'Recovered: My ETH loan health 1.7',
      'Critical: My ETH loan health 1.06',
    ]);
  }, 30_000);

  test('refuses a position the owner does not hold, and one that is closed', async () => {
    await using s = await stack(4_000);
    const id = await lending.open(1, WAD, 1_000n * WAD);
    const other = await s.app.request('POST', '/api/watches', {
      body: { ...watchBody(id, 'refused'), owner: STRANGER },
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'position_not_watchable', field: 'owner' });
    await lending.close(1, id);
    const closed = await s.app.request('POST', '/api/watches', { body: watchBody(id, 'refused') });
    expect(closed.status).toBe(422);
    expect(await closed.json()).toMatchObject({ code: 'position_not_watchable', field: 'id' });
  });

  test('a deleted watch is checked no more: its pending check is cancelled and a stale one finds nothing', async () => {
    await using s = await stack(4_000);
    const id = await lending.open(1, WAD, 1_000n * WAD);
    const created = await s.app.request('POST', '/api/watches', { body: watchBody(id, 'deleted') });
    const watch = (await created.json()) as WatchJson;
    expect(await s.scheduler.pending(`/api/tasks/check/${watch.id}`)).toHaveLength(1);
    expect((await s.app.request('DELETE', `/api/watches/${watch.id}`)).status).toBe(204);
    expect(await s.scheduler.pending(`/api/tasks/check/${watch.id}`)).toEqual([]);
    const late = await s.app.request('POST', `/api/tasks/check/${watch.id}`, {
      headers: { 'x-webapp-task-key': TASK_KEY },
    });
    expect(late.status).toBe(404);
    expect((await s.app.request('DELETE', `/api/watches/${watch.id}`)).status).toBe(404);
  });

  test('a task of a superseded chain of checks ends without checking or scheduling', async () => {
    await using s = await stack(4_000);
    const id = await lending.open(1, WAD, 1_000n * WAD);
    const watch = (await (
      await s.app.request('POST', '/api/watches', { body: watchBody(id, 'chains') })
    ).json()) as WatchJson;
    const stale = await s.app.request('POST', `/api/tasks/check/${watch.id}`, {
      headers: { 'x-webapp-task-key': TASK_KEY, 'x-scheduler-task-id': 'an-older-task' },
    });
    expect(await stale.json()).toMatchObject({ outcome: 'superseded' });
    expect(await s.scheduler.pending(`/api/tasks/check/${watch.id}`)).toHaveLength(1);
  });
});
