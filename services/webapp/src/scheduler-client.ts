// Asks the scheduler to call this server back: POST /tasks with X-API-Key; DELETE /tasks/:id to cancel.

import { DependencyUnavailableError } from './errors.ts';

const REQUEST_TIMEOUT_MS = 5_000;

export interface Callback {
  readonly url: string;
  readonly executeAt: number;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SchedulerClient {
  /** Resolves with the task's id. */
  schedule(callback: Callback): Promise<string>;
  /** Best effort: a task already delivered or gone is fine. */
  cancel(taskId: string): Promise<void>;
}

export function createSchedulerClient({
  baseUrl,
  apiKey,
  fetch,
}: {
  baseUrl: string;
  apiKey: string;
  fetch: typeof globalThis.fetch;
}): SchedulerClient {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new DependencyUnavailableError({
        dependency: 'scheduler',
        message: `scheduler at ${baseUrl} did not answer: ${(cause as Error).message}`,
        cause,
      });
    }
  };

  return {
    async schedule({ url, executeAt, headers }) {
      const response = await call('POST', '/tasks', {
        url,
        execute_at: new Date(executeAt).toISOString(),
        headers,
        payload: '',
        method: 'POST',
      });
      const text = await response.text();
      if (response.status !== 201) {
        throw new DependencyUnavailableError({
          dependency: 'scheduler',
          message: `scheduler refused the task: ${response.status} ${text.slice(0, 200)}`,
        });
      }
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id !== 'string') {
        throw new DependencyUnavailableError({
          dependency: 'scheduler',
          message: 'scheduler answered without a task id',
        });
      }
      return id;
    },
    async cancel(taskId) {
      const response = await call('DELETE', `/tasks/${encodeURIComponent(taskId)}`);
      await response.body?.cancel();
    },
  };
}
