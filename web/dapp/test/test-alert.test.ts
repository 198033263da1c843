import { describe, expect, test } from 'bun:test';
import type { AlertSettings } from '../src/lib/alert-settings.ts';
import { directTestRequest, schedulerTestRequest, sendDirectTest, sendSchedulerTest } from '../src/lib/test-alert.ts';
import { config } from './config-fixture.ts';

const settings: AlertSettings = {
  provider: 'notifier',
  server: '/notifier',
  topic: 'my-loans',
  email: 'me@example.org',
  scheduler: 'scheduler',
  schedulerUrl: '/scheduler/',
  schedulerApiKey: 'sched-key',
};
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe('directTestRequest', () => {
  test('PUTs to {server}/{topic} with title, tags and e-mail headers', () => {
    expect(directTestRequest(settings)).toEqual({
      url: '/notifier/my-loans',
      method: 'PUT',
      headers: {
        'Content-Type': 'text/plain',
        'X-Title': 'Test alert',
        'X-Tags': 'test',
        'X-Email': 'me@example.org',
      },
      body: 'This is a test alert from your loan-position dapp. If you can read it, alerts reach you.',
    });
  });

  test('leaves X-Email out without an e-mail', () => {
    expect(directTestRequest({ ...settings, email: '' }).headers['X-Email']).toBeUndefined();
  });
});

describe('schedulerTestRequest', () => {
  test('POSTs a task for two minutes from now to the notifier as the scheduler reaches it', () => {
    const { request, executeAt } = schedulerTestRequest(settings, config(), NOW);
    expect(executeAt.toISOString()).toBe('2026-03-01T12:02:00.000Z');
    expect({ ...request, body: JSON.parse(request.body) }).toEqual({
      url: '/scheduler/tasks',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'sched-key' },
      body: {
        url: 'http://notifier:80/my-loans',
        execute_at: '2026-03-01T12:02:00.000Z',
        payload: 'Test alert via the scheduler',
        headers: { 'X-Title': 'Scheduled test alert', 'X-Email': 'me@example.org' },
      },
    });
  });

  test('sends no X-Email in the task without an e-mail', () => {
    const { request } = schedulerTestRequest({ ...settings, email: '' }, config(), NOW);
    expect(JSON.parse(request.body).headers).toEqual({ 'X-Title': 'Scheduled test alert' });
  });
});

describe('sending', () => {
  const answering = (response: Response | Error) => ({
    config: config(),
    now: () => NOW,
    fetch: async () => {
      if (response instanceof Error) throw response;
      return response;
    },
  });

  test('a scheduled test resolves with its delivery time', async () => {
    const at = await sendSchedulerTest(answering(Response.json({ id: '1' }, { status: 201 })), settings);
    expect(at.toISOString()).toBe('2026-03-01T12:02:00.000Z');
  });

  test.each([
    [
      Response.json({ code: 'unauthorized', message: 'missing or wrong X-API-Key' }, { status: 401 }),
      'The scheduler API key is wrong (HTTP 401); check it in Alert settings.',
    ],
    [
      new TypeError('Failed to fetch'),
      'The scheduler at /scheduler/ could not be reached (is it running, is CORS allowed?).',
    ],
    [
      Response.json({ code: 'invalid_field', message: 'execute_at: must be in the future' }, { status: 400 }),
      'The scheduler refused the request (HTTP 400): execute_at: must be in the future.',
    ],
    [new Response('', { status: 404 }), 'Nothing answers at /scheduler/ (HTTP 404); check the scheduler URL.'],
  ])('a scheduler failure reads in plain words (%#)', async (response, message) => {
    await expect(sendSchedulerTest(answering(response), settings)).rejects.toThrow(message);
  });

  test('a direct test without a topic asks for one before sending anything', async () => {
    const calls: string[] = [];
    const env = {
      fetch: async (url: string) => {
        calls.push(url);
        return new Response('{}');
      },
    };
    await expect(sendDirectTest(env, { ...settings, topic: '' })).rejects.toThrow('Choose a notifier topic first');
    expect(calls).toEqual([]);
  });

  test('a direct test that cannot reach the notifier says so', async () => {
    await expect(sendDirectTest(answering(new TypeError('Failed to fetch')), settings)).rejects.toThrow(
      'The notifier at /notifier could not be reached (is it running, is CORS allowed?).',
    );
  });
});
