// "Send test alert": straight to the notifier (arrives at once) or through the scheduler (arrives about 2 minutes later).

import type { AlertSettings } from './alert-settings.ts';
import type { DappEnv } from './env.ts';
import type { RuntimeConfig } from './runtime-config.ts';
import { refused, ServiceError, unreachable } from './service-error.ts';
import { joinUrl } from './url.ts';

/** The seed: a scheduler test executes about 2 minutes after it is scheduled. */
export const SCHEDULED_TEST_DELAY_MS = 2 * 60 * 1000;

export interface PlannedRequest {
  readonly url: string;
  readonly method: 'PUT' | 'POST';
  readonly headers: Record<string, string>;
  readonly body: string;
}

const DIRECT_TEST_BODY = 'This is a test alert from your loan-position dapp. If you can read it, alerts reach you.';

export function directTestRequest(settings: AlertSettings): PlannedRequest {
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain',
    'X-Title': 'Test alert',
    'X-Tags': 'test',
  };
  if (settings.email !== '') headers['X-Email'] = settings.email;
  return { url: joinUrl(settings.server, settings.topic), method: 'PUT', headers, body: DIRECT_TEST_BODY };
}

export function schedulerTestRequest(
  settings: AlertSettings,
  config: Pick<RuntimeConfig, 'notifierUrlForScheduler'>,
  now: number,
): { request: PlannedRequest; executeAt: Date } {
  const executeAt = new Date(now + SCHEDULED_TEST_DELAY_MS);
  const taskHeaders: Record<string, string> = { 'X-Title': 'Scheduled test alert' };
  if (settings.email !== '') taskHeaders['X-Email'] = settings.email;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (settings.schedulerApiKey !== '') headers['X-API-Key'] = settings.schedulerApiKey;
  return {
    executeAt,
    request: {
      url: joinUrl(settings.schedulerUrl, 'tasks'),
      method: 'POST',
      headers,
      body: JSON.stringify({
        url: joinUrl(config.notifierUrlForScheduler, settings.topic),
        execute_at: executeAt.toISOString(),
        payload: 'Test alert via the scheduler',
        headers: taskHeaders,
      }),
    },
  };
}

function requireTopic(settings: AlertSettings): void {
  if (settings.topic === '') throw new ServiceError('Choose a notifier topic first, then send the test.', null);
}

export async function sendDirectTest(env: Pick<DappEnv, 'fetch'>, settings: AlertSettings): Promise<void> {
  requireTopic(settings);
  await send(env, directTestRequest(settings), 'notifier', settings.server);
}

/** Resolves with the time the scheduler will deliver it. */
export async function sendSchedulerTest(
  env: Pick<DappEnv, 'fetch' | 'config' | 'now'>,
  settings: AlertSettings,
): Promise<Date> {
  requireTopic(settings);
  const { request, executeAt } = schedulerTestRequest(settings, env.config, env.now());
  await send(env, request, 'scheduler', settings.schedulerUrl);
  return executeAt;
}

async function send(
  env: Pick<DappEnv, 'fetch'>,
  request: PlannedRequest,
  service: 'notifier' | 'scheduler',
  base: string,
): Promise<void> {
  let response: Response;
  try {
    response = await env.fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    throw unreachable(service, base, error);
  }
  if (!response.ok) throw refused(service, base, response.status, await response.text());
}
