// ntfy API conformance: request/response cases checked against ntfy v2.13's behaviour (anchors/ntfy-api.md).

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestNotifier, type TestNotifier } from './support/test-notifier.ts';

let n: TestNotifier;
const seed: Record<string, string> = {};

beforeAll(async () => {
  n = await startTestNotifier();
  seed.one = String((await n.publish('seed', 'first', { 'X-Title': 'A', 'X-Priority': '5', 'X-Tags': 'x,y' })).id);
  seed.two = String((await n.publish('seed', 'second', { 'X-Priority': '1', 'X-Tags': 'x' })).id);
  seed.three = String((await n.publish('seed', 'third', { 'X-Title': 'B' })).id);
  await n.publish('other', 'elsewhere');
});
afterAll(() => n[Symbol.asyncDispose]());

interface Exchange {
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
  lines: () => Record<string, unknown>[];
}

async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: Bun.BodyInit } = {},
) {
  const response = await fetch(`${n.url}${path}`, { method, headers: init.headers, body: init.body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  } satisfies Exchange;
}

const ntfyError = (code: number, http: number) => ({ code, http, error: expect.any(String) });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('publish', () => {
  test.each<[string, string, string, Record<string, string>, string, Record<string, unknown>]>([
    ['POST with a text body', 'POST', '/t1', {}, 'hi there', { event: 'message', topic: 't1', message: 'hi there' }],
    ['PUT with a text body', 'PUT', '/t1', {}, 'put body', { message: 'put body' }],
    ['X-Title', 'POST', '/t1', { 'X-Title': 'Alert' }, 'm', { title: 'Alert' }],
    ['Title (alias)', 'POST', '/t1', { Title: 'Alias' }, 'm', { title: 'Alias' }],
    ['t (short alias)', 'POST', '/t1', { t: 'Short' }, 'm', { title: 'Short' }],
    ['?title= query', 'POST', '/t1?title=Query', {}, 'm', { title: 'Query' }],
    ['X-Priority high', 'POST', '/t1', { 'X-Priority': 'high' }, 'm', { priority: 4 }],
    ['Priority 5', 'POST', '/t1', { Priority: '5' }, 'm', { priority: 5 }],
    ['prio urgent', 'POST', '/t1', { prio: 'URGENT' }, 'm', { priority: 5 }],
    ['?p=min', 'POST', '/t1?p=min', {}, 'm', { priority: 1 }],
    ['X-Priority default', 'POST', '/t1', { 'X-Priority': 'default' }, 'm', { priority: 3 }],
    ['X-Tags trimmed, blanks dropped', 'POST', '/t1', { 'X-Tags': ' a, b,,c ' }, 'm', { tags: ['a', 'b', 'c'] }],
    ['?ta= query alias', 'POST', '/t1?ta=warning', {}, 'm', { tags: ['warning'] }],
    [
      'X-Click',
      'POST',
      '/t1',
      { 'X-Click': 'https://app.example.com/dapp' },
      'm',
      { click: 'https://app.example.com/dapp' },
    ],
    ['X-Icon', 'POST', '/t1', { 'X-Icon': 'https://example.com/i.png' }, 'm', { icon: 'https://example.com/i.png' }],
    ['X-Markdown', 'POST', '/t1', { 'X-Markdown': 'yes' }, '**b**', { content_type: 'text/markdown' }],
    [
      'Content-Type text/markdown',
      'POST',
      '/t1',
      { 'Content-Type': 'text/markdown' },
      '# h',
      { content_type: 'text/markdown' },
    ],
    ['an empty body', 'POST', '/t1', {}, '', { message: 'triggered' }],
    ['X-Message with a literal \\n', 'POST', '/t1', { 'X-Message': 'line1\\nline2' }, '', { message: 'line1\nline2' }],
    ['a body around whitespace', 'POST', '/t1', {}, '  padded \n', { message: 'padded' }],
    [
      'an RFC 2047 title',
      'POST',
      '/t1',
      { 'X-Title': '=?UTF-8?B?R2VzdW5kaGVpdCDimqDvuI8=?=' },
      'm',
      { title: 'Gesundheit ⚠️' },
    ],
    ['a body of 4,095 bytes', 'POST', '/t1', {}, 'x'.repeat(4095), { message: 'x'.repeat(4095) }],
    ['an uppercase ?Title= (ignored)', 'POST', '/t1?Title=No', {}, 'm', { message: 'm' }],
  ])('%s', async (_name, method, path, headers, body, expected) => {
    const response = await call(method, path, { headers, body });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const json = response.json();
    expect(json.expires).toBe((json.time as number) + 12 * 3600);
    expect(json).toMatchObject(expected);
    expect(json).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9]{12}$/), time: expect.any(Number) });
    if (path.includes('Title=No')) expect(json.title).toBeUndefined();
  });

  test.each<[string, string, string, Record<string, string>, Bun.BodyInit, number, number]>([
    ['an unknown priority', 'POST', '/t2', { 'X-Priority': 'urgentt' }, 'm', 400, 40007],
    ['priority 0', 'POST', '/t2', { 'X-Priority': '0' }, 'm', 400, 40007],
    ['priority 6', 'POST', '/t2?priority=6', {}, 'm', 400, 40007],
    ['an icon that is not http(s)', 'POST', '/t2', { 'X-Icon': 'ftp://x/i.png' }, 'm', 400, 40021],
    ['X-Email without SMTP', 'POST', '/t2', { 'X-Email': 'a@example.com' }, 'm', 400, 40001],
    ['an unparseable delay', 'POST', '/t2', { 'X-Delay': 'soonish' }, 'm', 400, 40004],
    ['a delay under 10 s', 'POST', '/t2', { 'X-Delay': '5s' }, 'm', 400, 40005],
    ['a delay over 3 days', 'POST', '/t2', { 'X-In': '4 days' }, 'm', 400, 40006],
    ['a delay with Cache: no', 'POST', '/t2', { 'X-Delay': '1h', 'X-Cache': 'no' }, 'm', 400, 40002],
    ['a body of 4,096 bytes', 'POST', '/t2', {}, 'x'.repeat(4096), 400, 40014],
    ['a body that is not UTF-8', 'POST', '/t2', {}, new Uint8Array([0xff, 0xfe, 0x41]), 400, 40014],
    ['an attachment URL', 'POST', '/t2', { 'X-Attach': 'https://example.com/f.pdf' }, 'm', 400, 40014],
    ['actions', 'POST', '/t2', { 'X-Actions': 'view, Open, https://example.com' }, 'm', 400, 40018],
    ['a topic with a dot', 'POST', '/a.b', {}, 'm', 404, 40401],
    ['a topic of 65 characters', 'POST', `/${'a'.repeat(65)}`, {}, 'm', 404, 40401],
    ['a reserved topic', 'POST', '/docs', {}, 'm', 400, 40010],
    ['DELETE on a topic', 'DELETE', '/t2', {}, '', 404, 40401],
    ['PATCH on a topic', 'PATCH', '/t2', {}, 'm', 404, 40401],
    ['two topics on /publish', 'GET', '/a,b/publish', {}, '', 404, 40401],
  ])('%s is refused', async (_name, method, path, headers, body, status, code) => {
    const response = await call(method, path, { headers, body: method === 'GET' ? undefined : body });
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject(ntfyError(code, status));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toStartWith('application/json');
  });

  test('a priority error comes before a body error, as ntfy checks them', async () => {
    const response = await call('POST', '/t2', { headers: { 'X-Priority': 'bad' }, body: 'x'.repeat(5000) });
    expect(response.json()).toMatchObject({ code: 40007 });
  });

  test.each(['publish', 'send', 'trigger'])('GET /<topic>/%s publishes from the query string', async (verb) => {
    const response = await call('GET', `/t3/${verb}?message=from+query&title=Q&priority=high&tags=a,b`);
    expect(response.json()).toMatchObject({
      topic: 't3',
      message: 'from query',
      title: 'Q',
      priority: 4,
      tags: ['a', 'b'],
    });
    const empty = await call('GET', `/t3/${verb}`);
    expect(empty.json()).toMatchObject({ message: 'triggered' });
  });

  test('X-Cache: no answers without expires and is never returned by a poll', async () => {
    const response = await call('POST', '/nocache', { headers: { 'X-Cache': 'no' }, body: 'ephemeral' });
    expect(response.json().expires).toBeUndefined();
    expect((await call('GET', '/nocache/json?poll=1')).lines()).toEqual([]);
  });

  test('X-Delay answers with the delivery time and keeps the message out of polls until then', async () => {
    const before = nowSeconds();
    const response = await call('POST', '/delayed', { headers: { 'X-Delay': '30m' }, body: 'later' });
    expect(response.json().time).toBeGreaterThanOrEqual(before + 1800);
    expect((await call('GET', '/delayed/json?poll=1')).lines()).toEqual([]);
    expect((await call('GET', '/delayed/json?poll=1&scheduled=1')).lines()).toMatchObject([{ message: 'later' }]);
  });

  test.each<[string, Record<string, string>, number, string]>([
    ['X-At with a unix time', { 'X-At': String(nowSeconds() + 600) }, 600, ''],
    ['X-In with a duration', { 'X-In': '1h30m' }, 5400, ''],
    ['?delay= with words', {}, 7200, '?delay=2+hours'],
  ])('%s schedules the message', async (_name, headers, offset, query) => {
    const response = await call('POST', `/delayed2${query}`, { headers, body: 'x' });
    expect(Math.abs((response.json().time as number) - (nowSeconds() + offset))).toBeLessThanOrEqual(2);
  });

  describe('as JSON (PUT/POST /)', () => {
    test('maps every field to the message', async () => {
      const response = await call('POST', '/', {
        body: JSON.stringify({
          topic: 'json1',
          message: 'from json',
          title: 'T',
          priority: 4,
          tags: ['a', 'b'],
          click: 'https://x.example',
          icon: 'https://x.example/i.png',
          markdown: true,
          unknown: 'ignored',
        }),
      });
      expect(response.json()).toMatchObject({
        topic: 'json1',
        message: 'from json',
        title: 'T',
        priority: 4,
        tags: ['a', 'b'],
        click: 'https://x.example',
        icon: 'https://x.example/i.png',
        content_type: 'text/markdown',
      });
    });

    test.each<[string, string, number, number]>([
      ['invalid JSON', '{"topic":', 400, 40024],
      ['an empty body', '', 400, 40024],
      ['a JSON array', '[]', 400, 40024],
      ['no topic', '{"message":"x"}', 400, 40009],
      ['an invalid topic', '{"topic":"a/b"}', 400, 40009],
      ['a string priority', '{"topic":"j","priority":"high"}', 400, 40024],
      ['a priority of 9', '{"topic":"j","priority":9}', 400, 40007],
      ['tags that are not an array', '{"topic":"j","tags":"a,b"}', 400, 40024],
      ['a numeric title', '{"topic":"j","title":5}', 400, 40024],
      ['a body of 8,192 bytes', JSON.stringify({ topic: 'j', message: 'x'.repeat(8200) }), 413, 41303],
    ])('%s is refused', async (_name, body, status, code) => {
      const response = await call('PUT', '/', { body });
      expect(response.status).toBe(status);
      expect(response.json()).toMatchObject(ntfyError(code, status));
    });
  });
});

describe('poll and since', () => {
  const messages = (lines: Record<string, unknown>[]) => lines.map((line) => line.message);

  test.each<[string, string, string[]]>([
    ['poll returns every cached message, oldest first', '/seed/json?poll=1', ['first', 'second', 'third']],
    ['since=all', '/seed/json?poll=1&since=all', ['first', 'second', 'third']],
    ['since=none', '/seed/json?poll=1&since=none', []],
    ['since=latest', '/seed/json?poll=1&since=latest', ['third']],
    ['since=10m', '/seed/json?poll=1&since=10m', ['first', 'second', 'third']],
    ['since=<unix time in the future>', `/seed/json?poll=1&since=${nowSeconds() + 3600}`, []],
    ['since=<unknown id> means all', '/seed/json?poll=1&since=AAAAAAAAAAAA', ['first', 'second', 'third']],
    ['several topics are merged', '/seed,other/json?poll=1', ['first', 'second', 'third', 'elsewhere']],
    ['X-Poll header', '/seed/json', ['first', 'second', 'third']],
    ['priority filter, one value', '/seed/json?poll=1&priority=5', ['first']],
    ['priority filter, any of', '/seed/json?poll=1&priority=min,urgent', ['first', 'second']],
    ['an unset priority counts as 3', '/seed/json?poll=1&p=3', ['third']],
    ['tags filter, all of', '/seed/json?poll=1&tags=x,y', ['first']],
    ['tags filter, one tag', '/seed/json?poll=1&tags=x', ['first', 'second']],
    ['title filter', '/seed/json?poll=1&title=B', ['third']],
    ['message filter', '/seed/json?poll=1&message=second', ['second']],
  ])('%s', async (name, path, expected) => {
    const headers: Record<string, string> = name === 'X-Poll header' ? { 'X-Poll': '1' } : {};
    const response = await call('GET', path, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(messages(response.lines())).toEqual(expected);
  });

  test('since=<id> returns what came after that message', async () => {
    const response = await call('GET', `/seed/json?poll=1&since=${seed.one}`);
    expect(messages(response.lines())).toEqual(['second', 'third']);
  });

  test('id filter', async () => {
    expect(messages((await call('GET', `/seed/json?poll=1&id=${seed.two}`)).lines())).toEqual(['second']);
  });

  test('SSE frames messages as data lines and raw as plain text lines', async () => {
    const sse = await call('GET', '/seed/sse?poll=1&since=latest');
    expect(sse.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(sse.text).toMatch(/^data: \{"id":"[A-Za-z0-9]{12}".*"message":"third".*\}\n\n$/);
    const raw = await call('GET', '/seed/raw?poll=1');
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.text).toBe('first\nsecond\nthird\n');
  });

  test.each<[string, string, number, number]>([
    ['an invalid since', '/seed/json?poll=1&since=yesterday', 400, 40008],
    ['since in days (Go durations have no d)', '/seed/json?poll=1&since=1d', 400, 40008],
    ['an invalid priority filter', '/seed/json?poll=1&priority=9', 400, 40007],
    ['a reserved topic', '/v1/json?poll=1', 400, 40009],
    ['a topic with a dot', '/a.b/json?poll=1', 404, 40401],
    ['a WebSocket path without an upgrade', '/seed/ws', 400, 40016],
  ])('%s is refused', async (_name, path, status, code) => {
    const response = await call('GET', path);
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject(ntfyError(code, status));
  });
});

describe('other endpoints', () => {
  test('GET /<topics>/auth says success', async () => {
    expect((await call('GET', '/seed,other/auth')).json()).toEqual({ success: true });
  });

  test('OPTIONS answers any path as a preflight allowing every origin', async () => {
    const response = await call('OPTIONS', '/anything/here');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, PUT, POST, PATCH, DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('*');
  });

  test('/v1/health and /v1/stats answer as ntfy', async () => {
    expect((await call('GET', '/v1/health')).json()).toEqual({ healthy: true });
    expect((await call('GET', '/v1/stats')).json()).toEqual({
      messages: expect.any(Number),
      messages_rate: expect.any(Number),
    });
  });

  test('an unknown path is ntfy’s 404', async () => {
    const response = await call('GET', '/a/b/c');
    expect(response.json()).toEqual({ code: 40401, http: 404, error: 'page not found' });
  });
});
