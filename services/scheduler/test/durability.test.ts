import { describe, expect, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { type ServiceProcess, spawnService, tempDir, waitFor } from '@keel/kit/testing';
import { receiver } from './support/receiver.ts';
import { API_KEY, inMs } from './support/test-scheduler.ts';

const ENTRY = `${import.meta.dir}/../src/main.ts`;

function startScheduler(dataDir: string): Promise<ServiceProcess> {
  return spawnService({
    entry: ENTRY,
    env: { SCHEDULER_API_KEY: API_KEY, DATA_DIR: dataDir, SCHEDULER_RETRY_BASE: '50ms', LOG_LEVEL: 'info' },
  });
}

async function api(service: ServiceProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('durability across kill -9', () => {
  test('every acknowledged task fires after a restart, those due while down included', async () => {
    await using dir = await tempDir('scheduler-durable-');
    await using target = receiver();
    const first = await startScheduler(dir.path);
    const ids: string[] = [];
    let lastDue = 0;
    for (let i = 0; i < 30; i++) {
      const executeAt = inMs(1_000 + i * 20);
      lastDue = Date.parse(executeAt);
      const { status, json } = await api(first, 'POST', '/tasks', { url: target.url, execute_at: executeAt });
      expect(status).toBe(201);
      ids.push(String(json.id));
    }
    first.kill('SIGKILL');
    expect(await first.exited).not.toBe(0);
    expect(target.requests).toEqual([]);

    // Let every task come due while the scheduler is down.
    await waitFor(() => Date.now() > lastDue + 50, { what: 'the tasks to come due' });
    await using second = await startScheduler(dir.path);
    await waitFor(() => ids.every((id) => target.forTask(id).length > 0), { what: 'every task to fire' });
    expect(new Set(target.requests.map((r) => r.headers['x-scheduler-task-id']))).toEqual(new Set(ids));
    await waitFor(async () => (await api(second, 'GET', '/tasks')).json.length === 0, { what: 'none pending' });
  });

  test('a task in flight when the process dies is sent again (at least once)', async () => {
    await using dir = await tempDir('scheduler-inflight-');
    const hold = Promise.withResolvers<void>();
    await using target = receiver(async (_, nth) => {
      if (nth === 0) await hold.promise;
      return new Response('ok');
    });
    const first = await startScheduler(dir.path);
    const { json } = await api(first, 'POST', '/tasks', { url: target.url, execute_at: inMs(0) });
    const id = String(json.id);
    await waitFor(() => target.forTask(id).length === 1, { what: 'the first attempt to arrive' });
    first.kill('SIGKILL');
    await first.exited;
    hold.resolve();

    await using second = await startScheduler(dir.path);
    await waitFor(() => target.forTask(id).length === 2, { what: 'the task to be sent again' });
    const task = await waitFor(async () => {
      const { json: current } = await api(second, 'GET', `/tasks/${id}`);
      return current.status === 'delivered' && current;
    });
    expect(target.forTask(id).map((r) => r.headers['x-scheduler-task-id'])).toEqual([id, id]);
    expect(task.attempt_log).toMatchObject([{ attempt: 1, status_code: 200 }]);
  });
});

describe('graceful stop', () => {
  test('SIGTERM lets the delivery in flight finish and records it before exiting 0', async () => {
    await using dir = await tempDir('scheduler-sigterm-');
    const arrived = Promise.withResolvers<void>();
    await using target = receiver(async () => {
      arrived.resolve();
      await Bun.sleep(300);
      return new Response('ok');
    });
    const first = await startScheduler(dir.path);
    const { json } = await api(first, 'POST', '/tasks', { url: target.url, execute_at: inMs(0) });
    await arrived.promise;
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.logs.map((line) => line.msg)).toContain('stopped');

    await using second = await startScheduler(dir.path);
    const { json: task } = await api(second, 'GET', `/tasks/${json.id}`);
    expect(task).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(target.requests.length).toBe(1);
  });
});

describe('start-up configuration', () => {
  test('exits 2 listing every bad or missing variable at once', async () => {
    const child = Bun.spawn({
      cmd: [process.execPath, ENTRY, '-port', 'http'],
      env: { PATH: process.env.PATH ?? '', SCHEDULER_MAX_ATTEMPTS: '0', SCHEDULER_REQUEST_TIMEOUT: '10 seconds' },
      cwd: tmpdir(),
      stderr: 'pipe',
      stdout: 'pipe',
    });
    expect(await child.exited).toBe(2);
    const stderr = await new Response(child.stderr).text();
    for (const name of ['--port', 'SCHEDULER_API_KEY', 'SCHEDULER_MAX_ATTEMPTS', 'SCHEDULER_REQUEST_TIMEOUT']) {
      expect(stderr).toContain(name);
    }
  });

  test.each([
    ['a short key', { SCHEDULER_API_KEY: 'abc123' }, 'SCHEDULER_API_KEY'],
    ['a placeholder key', { SCHEDULER_API_KEY: 'changeme-changeme-changeme-changeme-1234' }, 'placeholder'],
    [
      'a wildcard CORS origin',
      { SCHEDULER_API_KEY: 'a3f1c9e07b2d4c86a1e5f0b9d7c3e2a4f6b8d0c2e4a6b8d0', CORS_ALLOW_ORIGIN: '*' },
      'CORS_ALLOW_ORIGIN',
    ],
  ])('refuses to start in production with %s', async (_name, env, mentioned) => {
    const child = Bun.spawn({
      cmd: [process.execPath, ENTRY, '--port', '0'],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
      cwd: tmpdir(),
      stderr: 'pipe',
      stdout: 'pipe',
    });
    expect(await child.exited).toBe(2);
    expect(await new Response(child.stderr).text()).toContain(mentioned);
  });
});
