import { describe, expect, test } from 'bun:test';
import { parseTargetPolicy } from '../src/target-policy.ts';
import { API_KEY, inMs, startTestScheduler } from './support/test-scheduler.ts';

const FAR = '2099-01-01T00:00:00Z';
const TARGET = 'http://127.0.0.1:9/hook';

describe('POST /tasks', () => {
  test('stores the task and answers 201 with every field, times in UTC', async () => {
    await using s = await startTestScheduler();
    const response = await s.request('POST', '/tasks', {
      body: {
        url: TARGET,
        execute_at: '2099-01-01T02:30:00.250+02:00',
        payload: '{"hello":"world"}',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
        method: 'put',
      },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as Record<string, unknown>;
    expect(response.headers.get('location')).toBe(`tasks/${task.id}`);
    expect(task).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: TARGET,
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
      payload: '{"hello":"world"}',
      execute_at: '2099-01-01T00:30:00.250Z',
      status: 'pending',
      attempts: 0,
      next_attempt_at: '2099-01-01T00:30:00.250Z',
      created_at: expect.stringMatching(/Z$/),
      finished_at: null,
    });
  });

  test('defaults the method to POST, the payload to empty and the headers to none', async () => {
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: TARGET, execute_at: FAR });
    expect({ method: task.method, payload: task.payload, headers: task.headers }).toEqual({
      method: 'POST',
      payload: '',
      headers: {},
    });
  });
});

describe('authentication', () => {
  test.each([
    ['GET', '/tasks'],
    ['POST', '/tasks'],
    ['GET', '/tasks/01a20185-e8a8-71ed-88f8-0dffdf460b17'],
    ['DELETE', '/tasks/01a20185-e8a8-71ed-88f8-0dffdf460b17'],
  ])('%s %s without a key is 401', async (method, path) => {
    await using s = await startTestScheduler();
    const response = await s.request(method, path, { headers: { 'x-api-key': '' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'missing X-API-Key header' });
  });

  test('a wrong key is 401 and stores nothing', async () => {
    await using s = await startTestScheduler();
    const response = await s.request('POST', '/tasks', {
      body: { url: TARGET, execute_at: FAR },
      headers: { 'x-api-key': `${API_KEY}x` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'invalid API key' });
    expect(s.scheduler.store.countByStatus().pending).toBe(0);
  });

  test('health and metrics need no key', async () => {
    await using s = await startTestScheduler();
    const health = await s.request('GET', '/healthz', { headers: { 'x-api-key': '' } });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'scheduler', checks: { database: 'ok' } });
    const metrics = await s.request('GET', '/metrics', { headers: { 'x-api-key': '' } });
    expect(await metrics.text()).toContain('scheduler_tasks{status="pending"');
  });
});

describe('CORS', () => {
  const cors = {
    allowOrigins: ['https://app.example.com'],
    allowMethods: 'GET,POST,DELETE,OPTIONS',
    allowHeaders: 'Content-Type,X-API-Key',
    maxAgeSeconds: 600,
  };

  test('answers the preflight of the allowed origin without an API key', async () => {
    await using s = await startTestScheduler({ cors });
    const response = await s.request('OPTIONS', '/tasks', {
      headers: {
        'x-api-key': '',
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toEqual({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS',
      'access-control-allow-headers': 'Content-Type,X-API-Key',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
  });

  test('gives another origin no CORS headers, on preflight or request', async () => {
    await using s = await startTestScheduler({ cors });
    const preflight = await s.request('OPTIONS', '/tasks', {
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    const listing = await s.request('GET', '/tasks', { headers: { origin: 'https://evil.example.com' } });
    for (const response of [preflight, listing]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  test('adds the allowed origin to real responses, errors included', async () => {
    await using s = await startTestScheduler({ cors });
    const ok = await s.request('GET', '/tasks', { headers: { origin: 'https://app.example.com' } });
    const denied = await s.request('GET', '/tasks', {
      headers: { origin: 'https://app.example.com', 'x-api-key': 'nope' },
    });
    expect([ok.status, denied.status]).toEqual([200, 401]);
    for (const response of [ok, denied]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    }
  });
});

describe('bad input', () => {
  const valid = { url: TARGET, execute_at: FAR, payload: 'x' };
  const manyHeaders = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, 'v']));

  test.each<[string, unknown, number, string]>([
    ['invalid JSON', '{"url":', 400, 'invalid_json'],
    ['an empty body', '', 400, 'invalid_json'],
    ['a JSON array', [valid], 400, 'body'],
    ['a JSON string', 'just text', 400, 'invalid_json'],
    ['JSON null', 'null', 400, 'body'],
    ['a missing url', { execute_at: FAR }, 400, 'url'],
    ['a numeric url', { ...valid, url: 42 }, 400, 'url'],
    ['a relative url', { ...valid, url: '/hook' }, 400, 'url'],
    ['an ftp url', { ...valid, url: 'ftp://example.com/x' }, 400, 'url'],
    ['a javascript: url', { ...valid, url: 'javascript:alert(1)' }, 400, 'url'],
    ['a url over 8 KiB', { ...valid, url: `http://example.com/${'a'.repeat(8200)}` }, 400, 'url'],
    ['a missing execute_at', { url: TARGET }, 400, 'execute_at'],
    ['a numeric execute_at', { ...valid, execute_at: 1_900_000_000 }, 400, 'execute_at'],
    ['an unparseable execute_at', { ...valid, execute_at: 'tomorrow' }, 400, 'execute_at'],
    ['an execute_at without zone', { ...valid, execute_at: '2099-01-01T00:00:00' }, 400, 'execute_at'],
    ['an impossible date', { ...valid, execute_at: '2099-02-30T00:00:00Z' }, 400, 'execute_at'],
    ['an impossible hour', { ...valid, execute_at: '2099-01-01T24:00:00Z' }, 400, 'execute_at'],
    ['an object payload', { ...valid, payload: { a: 1 } }, 400, 'payload'],
    ['a payload over 256 KiB', { ...valid, payload: 'x'.repeat(256 * 1024 + 1) }, 413, 'payload_too_large'],
    ['headers as an array', { ...valid, headers: [['a', 'b']] }, 400, 'headers'],
    ['a numeric header value', { ...valid, headers: { 'X-A': 1 } }, 400, 'headers.X-A'],
    ['51 headers', { ...valid, headers: manyHeaders }, 400, 'headers'],
    ['a hop-by-hop header', { ...valid, headers: { Connection: 'close' } }, 400, 'headers.Connection'],
    [
      'a Transfer-Encoding header',
      { ...valid, headers: { 'transfer-encoding': 'chunked' } },
      400,
      'headers.transfer-encoding',
    ],
    ['a Host header', { ...valid, headers: { Host: 'internal' } }, 400, 'headers.Host'],
    ['a header name with a space', { ...valid, headers: { 'X Bad': 'v' } }, 400, 'headers'],
    ['a header name with a colon', { ...valid, headers: { 'X:Bad': 'v' } }, 400, 'headers'],
    ['a header value with CRLF', { ...valid, headers: { 'X-A': 'v\r\nX-Injected: 1' } }, 400, 'headers.X-A'],
    ['the same header twice', { ...valid, headers: { 'X-A': '1', 'x-a': '2' } }, 400, 'headers.x-a'],
    [
      'a forged task id header',
      { ...valid, headers: { 'X-Scheduler-Task-Id': 'x' } },
      400,
      'headers.X-Scheduler-Task-Id',
    ],
    ['an unknown method', { ...valid, method: 'FETCH' }, 400, 'method'],
    ['a numeric method', { ...valid, method: 1 }, 400, 'method'],
    ['a GET with a payload', { ...valid, method: 'GET' }, 400, 'payload'],
    ['an unknown field', { ...valid, retries: 3 }, 400, 'retries'],
  ])('%s is refused', async (_name, body, status, fieldOrCode) => {
    await using s = await startTestScheduler();
    const response = await s.request('POST', '/tasks', { body });
    const json = (await response.json()) as { code: string; message: string; field?: string };
    expect(response.status).toBe(status);
    expect(json.field ?? json.code).toBe(fieldOrCode);
    expect(json.message.length).toBeGreaterThan(5);
    expect(s.scheduler.store.countByStatus().pending).toBe(0);
  });

  test('a body that is not JSON by content type is 415', async () => {
    await using s = await startTestScheduler();
    const response = await s.request('POST', '/tasks', {
      body: JSON.stringify(valid),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  test('a request body over 1 MiB is 413 before it is parsed', async () => {
    await using s = await startTestScheduler();
    const response = await s.request('POST', '/tasks', {
      body: JSON.stringify({ ...valid, payload: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', limit: 1024 * 1024 });
  });

  test('a payload of exactly 256 KiB is accepted', async () => {
    await using s = await startTestScheduler();
    const task = await s.createTask({ ...valid, payload: 'é'.repeat(128 * 1024) });
    expect((task.payload as string).length).toBe(128 * 1024);
  });

  test('a host outside SCHEDULER_ALLOWED_TARGETS is refused, naming the list', async () => {
    await using s = await startTestScheduler({ allowedTargets: parseTargetPolicy(['notifier', '*.example.com']) });
    const refused = await s.request('POST', '/tasks', { body: { url: 'http://169.254.169.254/', execute_at: FAR } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: 'url', message: expect.stringContaining('notifier') });
    await s.createTask({ url: 'http://notifier/alerts', execute_at: FAR });
    await s.createTask({ url: 'https://hooks.example.com/x', execute_at: FAR });
  });
});

describe('GET /tasks', () => {
  test('lists pending tasks ordered by execute_at', async () => {
    await using s = await startTestScheduler();
    const late = await s.createTask({ url: TARGET, execute_at: '2099-03-01T00:00:00Z' });
    const early = await s.createTask({ url: TARGET, execute_at: '2099-01-01T00:00:00Z' });
    const middle = await s.createTask({ url: TARGET, execute_at: '2099-02-01T00:00:00Z' });
    const response = await s.request('GET', '/tasks');
    expect(response.status).toBe(200);
    const ids = ((await response.json()) as { id: string }[]).map((task) => task.id);
    expect(ids).toEqual([early.id, middle.id, late.id]);
  });

  test('pages with a cursor until every task was seen once', async () => {
    await using s = await startTestScheduler();
    const created = [];
    for (let i = 0; i < 7; i++) created.push((await s.createTask({ url: TARGET, execute_at: FAR })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/tasks?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`;
      const response = await s.request('GET', query);
      seen.push(...((await response.json()) as { id: string }[]).map((task) => task.id));
      cursor = response.headers.get('x-next-cursor');
      if (cursor !== null) expect(response.headers.get('link')).toContain('rel="next"');
    } while (cursor !== null);
    expect(seen).toEqual(created.sort());
  });

  test.each([
    ['status=done', 'status'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    ['sort=asc', 'sort'],
  ])('?%s is 400 naming the parameter', async (query, parameter) => {
    await using s = await startTestScheduler();
    const response = await s.request('GET', `/tasks?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_query', parameter });
  });
});

describe('GET and DELETE /tasks/:id', () => {
  test('returns the task with an empty attempt log before it fires', async () => {
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: TARGET, execute_at: FAR });
    const response = await s.request('GET', `/tasks/${task.id}`);
    expect(await response.json()).toEqual({ ...task, attempt_log: [] });
  });

  test('deleting a pending task answers 204, then 404', async () => {
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: TARGET, execute_at: FAR });
    expect((await s.request('DELETE', `/tasks/${task.id}`)).status).toBe(204);
    expect((await s.request('DELETE', `/tasks/${task.id}`)).status).toBe(404);
    const missing = await s.request('GET', `/tasks/${task.id}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'task_not_found', message: `no task with id '${task.id}'` });
  });

  test('deleting a delivered task is 409', async () => {
    await using target = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('ok') });
    await using s = await startTestScheduler();
    const task = await s.createTask({ url: `http://127.0.0.1:${target.port}/`, execute_at: inMs(-1000) });
    await waitForStatus(s, task.id, 'delivered');
    const response = await s.request('DELETE', `/tasks/${task.id}`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'task_delivered' });
  });

  test('an unknown route is a JSON 404', async () => {
    await using s = await startTestScheduler();
    const response = await s.request('GET', '/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'no such route' });
  });
});

async function waitForStatus(s: Awaited<ReturnType<typeof startTestScheduler>>, id: string, status: string) {
  for (let i = 0; i < 500; i++) {
    if (s.scheduler.store.get(id)?.status === status) return;
    await Bun.sleep(10);
  }
  throw new Error(`task ${id} never became ${status}`);
}
