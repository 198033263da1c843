// The scheduler-only routes: the task key, a check that cannot read the chain, and the sweep that repairs chains.

import { expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { getAddress } from 'viem';
import type { NewWatch } from '../src/watch.ts';
import { startScheduler } from './support/services.ts';
import { DEAD_URL, referenceChain, startTestWebapp, TASK_KEY } from './support/test-webapp.ts';

const NFT = getAddress('0x1111111111111111111111111111111111111111');
const DEBT = getAddress('0x2222222222222222222222222222222222222222');
const CHAINS = { base: referenceChain(DEAD_URL, NFT, DEBT) };

const WATCH: NewWatch = {
  chain: 'base',
  preset: 'ETH-USD',
  positionId: 42n,
  owner: getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8'),
  label: 'My loan',
  metric: 'health',
  warning: 1.5,
  critical: 1.2,
  topic: 'my-alerts',
  email: null,
};

test.each<{ name: string; headers: Record<string, string> }>([
  { name: 'without the key', headers: {} },
  { name: 'with a wrong key', headers: { 'x-webapp-task-key': `${TASK_KEY}x` } },
  { name: 'with the scheduler API key instead', headers: { 'x-api-key': TASK_KEY } },
])('task routes answer 401 $name', async ({ headers }) => {
  await using app = await startTestWebapp({ chains: CHAINS }, { start: false });
  for (const path of ['/api/tasks/check/some-watch', '/api/cron']) {
    const response = await app.request('POST', path, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  }
});

test('a check while the RPC is down answers 503, so the scheduler retries it, and changes nothing', async () => {
  await using app = await startTestWebapp({ chains: CHAINS }, { start: false });
  const watch = app.webapp.store.insert('w1', WATCH, Date.now());
  const response = await app.request('POST', `/api/tasks/check/${watch.id}`, {
    headers: { 'x-webapp-task-key': TASK_KEY },
  });
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ code: 'chain_unavailable' });
  expect(app.webapp.store.get(watch.id)).toEqual(watch);
});

test('the sweep gives a watch without a recent check a new check now, and schedules the next sweep', async () => {
  await using scheduler = await startScheduler();
  await using app = await startTestWebapp({ chains: CHAINS, schedulerUrl: scheduler.url }, { start: false });
  const now = Date.now();
  const stale = app.webapp.store.insert('stale', WATCH, now - 60_000);
  const fresh = app.webapp.store.insert('fresh', WATCH, now);
  const response = await app.request('POST', '/api/cron', { headers: { 'x-webapp-task-key': TASK_KEY } });
  expect(await response.json()).toEqual({ outcome: 'swept', repaired: 1 });
  const [check] = await scheduler.pending(`/api/tasks/check/${stale.id}`);
  expect(check?.id).toBe(app.webapp.store.get(stale.id)?.nextTaskId ?? '');
  expect(await scheduler.pending(`/api/tasks/check/${fresh.id}`)).toEqual([]);
  const [cron] = await scheduler.pending('/api/cron');
  expect(cron?.id).toBe(app.webapp.store.cronTaskId() ?? '');
  // A sweep task from before (an older chain, e.g. before a restart) ends without sweeping.
  const old = await app.request('POST', '/api/cron', {
    headers: { 'x-webapp-task-key': TASK_KEY, 'x-scheduler-task-id': 'older' },
  });
  expect(await old.json()).toEqual({ outcome: 'superseded', repaired: 0 });
});

test('at start the server schedules its sweep through the scheduler', async () => {
  await using scheduler = await startScheduler();
  await using app = await startTestWebapp({ chains: CHAINS, schedulerUrl: scheduler.url });
  // Due at once: it runs and schedules the next, a minute later.
  const next = await waitFor(async () => {
    const [task] = await scheduler.pending('/api/cron');
    return task !== undefined && task.id === app.webapp.store.cronTaskId() && task;
  });
  expect(next.url).toBe(`${app.url}/api/cron`);
});
