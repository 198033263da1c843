import { describe, expect, test } from 'bun:test';
import { type PublishDraft, publish, publishErrorFrom, publishUrl } from '../src/lib/publish.ts';

const draft: PublishDraft = { topic: 'alerts', title: '', message: 'hi', priority: 3, tags: '', email: '' };

describe('publishUrl', () => {
  test('leaves out empty fields and the default priority', () => {
    expect(publishUrl('/', draft)).toBe('/alerts');
  });

  test('carries title, priority, trimmed tags and e-mail as query parameters under the base', () => {
    const url = publishUrl('/notifier/', {
      ...draft,
      title: 'Disk full',
      priority: 5,
      tags: ' warning, , disk ',
      email: 'ops@example.org',
    });
    expect(url).toBe('/notifier/alerts?title=Disk+full&priority=5&tags=warning%2Cdisk&email=ops%40example.org');
  });
});

describe('publishErrorFrom', () => {
  test("uses ntfy's error text and code", () => {
    const body =
      '{"code":40001,"http":400,"error":"e-mail notifications are not enabled","link":"https://ntfy.sh/docs/config/#e-mail-notifications"}';
    const error = publishErrorFrom(400, body);
    expect({ message: error.message, code: error.code, status: error.status }).toEqual({
      message: 'e-mail notifications are not enabled',
      code: 40001,
      status: 400,
    });
  });

  test('falls back to the status when the body is not ntfy JSON', () => {
    expect(publishErrorFrom(502, '<html>Bad Gateway</html>').message).toBe('the server answered HTTP 502');
  });
});

describe('publish', () => {
  test('PUTs the message text as the body', async () => {
    const requests: { url: string; method: string | undefined; body: unknown }[] = [];
    await publish(
      {
        apiBase: '/',
        fetch: async (url, init) => {
          requests.push({ url, method: init?.method, body: init?.body });
          return new Response('{}', { status: 200 });
        },
      },
      { ...draft, priority: 4 },
    );
    expect(requests).toEqual([{ url: '/alerts?priority=4', method: 'PUT', body: 'hi' }]);
  });

  test("rejects with the server's words when it refuses", async () => {
    const refusing = {
      apiBase: '/',
      fetch: async () =>
        new Response('{"code":40007,"http":400,"error":"invalid priority parameter"}', { status: 400 }),
    };
    await expect(publish(refusing, draft)).rejects.toThrow('invalid priority parameter');
  });
});
