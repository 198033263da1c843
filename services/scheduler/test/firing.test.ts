import { describe, expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { parseTargetPolicy } from '../src/target-policy.ts';
import { receiver } from './support/receiver.ts';
import { inMs, startTestScheduler, type TestScheduler } from './support/test-scheduler.ts';

async function settled(s: TestScheduler, id: string) {
  return waitFor(
    async () => {
      const response = await s.request('GET', `/tasks/${id}`);
      const task = (await response.json()) as { status: string; attempt_log: Record<string, unknown>[] };
      return task.status !== 'pending' && task;
    },
    { what: `task ${id} to be delivered or failed` },
  );
}

describe('firing', () => {
  test('sends the method, headers and payload at execute_at, naming the task and attempt', async () => {
    await using target = receiver();
    await using s = await startTestScheduler();
    const executeAt = inMs(300);
    const task = await s.createTask({
      url: `${target.url}/alerts?x=1`,
      execute_at: executeAt,
      method: 'PUT',
      payload: '{"alert":"health below 1.1"}',
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'yes' },
    });
    const [received] = await waitFor(() => target.forTask(task.id).length > 0 && target.forTask(task.id));
    expect(received).toMatchObject({
      method: 'PUT',
      path: '/alerts',
      body: '{"alert":"health below 1.1"}',
      headers: {
        'content-type': 'application/json',
        'x-custom': 'yes',
        'x-scheduler-task-id': task.id,
        'x-scheduler-attempt': '1',
        'user-agent': expect.stringContaining('keel-scheduler'),
      },
    });
    // Never early; the lateness distribution is measured by bench:scheduler, not asserted here.
    expect(received?.at ?? 0).toBeGreaterThanOrEqual(Date.parse(executeAt));
    const done = await settled(s, task.id);
    expect(done).toMatchObject({
      status: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      attempt_log: [{ attempt: 1, status_code: 200, error: null }],
    });
  });

  test('a task whose time has passed fires at once', async () => {
    await using target = receiver();
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: target.url, execute_at: '2000-01-01T00:00:00Z' });
    expect((await settled(s, task.id)).status).toBe('delivered');
  });

  test('a GET task is sent without a body', async () => {
    await using target = receiver();
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: target.url, execute_at: inMs(0), method: 'GET' });
    await settled(s, task.id);
    expect(target.forTask(task.id)).toMatchObject([{ method: 'GET', body: '' }]);
  });

  test('tasks fire in execute_at order, not creation order', async () => {
    await using target = receiver();
    await using s = await startTestScheduler({ delivery: { concurrency: 1 } });
    const second = await s.createTask({ url: target.url, execute_at: inMs(400) });
    const first = await s.createTask({ url: target.url, execute_at: inMs(200) });
    await settled(s, second.id);
    expect(target.requests.map((r) => r.headers['x-scheduler-task-id'])).toEqual([first.id, second.id]);
  });

  test('a deleted task never fires', async () => {
    await using target = receiver();
    await using s = await startTestScheduler();
    const deleted = await s.createTask({ url: target.url, execute_at: inMs(200) });
    const kept = await s.createTask({ url: target.url, execute_at: inMs(300) });
    expect((await s.request('DELETE', `/tasks/${deleted.id}`)).status).toBe(204);
    await settled(s, kept.id);
    expect(target.forTask(deleted.id)).toEqual([]);
  });

  test('never has more deliveries in flight than the concurrency limit', async () => {
    let inFlight = 0;
    let peak = 0;
    await using target = receiver(async () => {
      peak = Math.max(peak, ++inFlight);
      await Bun.sleep(30);
      inFlight--;
      return new Response('ok');
    });
    await using s = await startTestScheduler({ delivery: { concurrency: 3 } });
    const tasks = [];
    for (let i = 0; i < 12; i++) tasks.push(await s.createTask({ url: target.url, execute_at: inMs(-10) }));
    for (const task of tasks) await settled(s, task.id);
    expect(target.requests.length).toBe(12);
    expect(peak).toBe(3);
  });
});

describe('retries', () => {
  test('retries 5xx and 429 with growing waits until the target accepts', async () => {
    const answers = [503, 429, 500, 200];
    await using target = receiver((_, nth) => new Response('', { status: answers[nth] ?? 200 }));
    await using s = await startTestScheduler({ delivery: { retryBaseMs: 40, maxAttempts: 5 } });
    const task = await s.createTask({ url: target.url, execute_at: inMs(0) });
    const done = await settled(s, task.id);
    expect(done).toMatchObject({
      status: 'delivered',
      attempts: 4,
      attempt_log: [
        { attempt: 1, status_code: 503, error: 'target answered 503' },
        { attempt: 2, status_code: 429 },
        { attempt: 3, status_code: 500 },
        { attempt: 4, status_code: 200, error: null },
      ],
    });
    const received = target.forTask(task.id);
    expect(received.map((r) => r.headers['x-scheduler-attempt'])).toEqual(['1', '2', '3', '4']);
    // Equal jitter: the wait after attempt n is at least half of base·2^(n−1): 20, 40, 80 ms.
    const gaps = received.slice(1).map((r, i) => r.at - (received[i]?.at ?? 0));
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(20 * 2 ** i - 2);
    });
  });

  test("honours the target's Retry-After as the least wait", async () => {
    await using target = receiver((_, nth) =>
      nth === 0 ? new Response('', { status: 429, headers: { 'retry-after': '1' } }) : new Response('ok'),
    );
    await using s = await startTestScheduler({ delivery: { retryBaseMs: 10 } });
    const task = await s.createTask({ url: target.url, execute_at: inMs(0) });
    await settled(s, task.id);
    const [first, second] = target.forTask(task.id);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(990);
  });

  test.each([400, 404, 410, 301])('fails at once on %i', async (status) => {
    await using target = receiver(() => new Response('', { status, headers: { location: 'http://elsewhere/' } }));
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: target.url, execute_at: inMs(0) });
    expect(await settled(s, task.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      finished_at: expect.any(String),
      attempt_log: [{ attempt: 1, status_code: status, error: `target answered ${status}` }],
    });
  });

  test('gives up after the configured number of attempts', async () => {
    await using target = receiver(() => new Response('', { status: 502 }));
    await using s = await startTestScheduler({ delivery: { maxAttempts: 3, retryBaseMs: 10 } });
    const task = await s.createTask({ url: target.url, execute_at: inMs(0) });
    const done = await settled(s, task.id);
    expect({ status: done.status, attempts: done.attempt_log.length }).toEqual({ status: 'failed', attempts: 3 });
    expect(target.forTask(task.id).length).toBe(3);
  });

  test('a target that does not answer in time is retried as a timeout', async () => {
    await using target = receiver(async (_, nth) => {
      if (nth === 0) await Bun.sleep(1_000);
      return new Response('ok');
    });
    await using s = await startTestScheduler({ delivery: { timeoutMs: 150, retryBaseMs: 10 } });
    const task = await s.createTask({ url: target.url, execute_at: inMs(0) });
    expect(await settled(s, task.id)).toMatchObject({
      status: 'delivered',
      attempt_log: [
        { attempt: 1, status_code: null, error: 'no answer within 150 ms' },
        { attempt: 2, status_code: 200 },
      ],
    });
  });

  test('a refused connection is retried, then fails with the network error recorded', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    const url = `http://127.0.0.1:${closed.port}/`;
    await closed.stop(true);
    await using s = await startTestScheduler({ delivery: { maxAttempts: 2, retryBaseMs: 10 } });
    const task = await s.createTask({ url, execute_at: inMs(0) });
    const done = await settled(s, task.id);
    expect(done.status).toBe('failed');
    expect(done.attempt_log).toMatchObject([
      { status_code: null, error: expect.any(String) },
      { status_code: null, error: expect.any(String) },
    ]);
  });

  test('a task whose host left the allow-list fails without being sent', async () => {
    await using target = receiver();
    const dir = await startTestScheduler();
    const task = await dir.createTask({ url: target.url, execute_at: inMs(500) });
    const dataDir = dir.dataDir;
    await dir.scheduler.close();
    await using s = await startTestScheduler({ allowedTargets: parseTargetPolicy(['notifier']) }, dataDir);
    expect(await settled(s, task.id)).toMatchObject({
      status: 'failed',
      attempt_log: [{ error: 'target host is no longer in SCHEDULER_ALLOWED_TARGETS' }],
    });
    expect(target.requests).toEqual([]);
  });
});
