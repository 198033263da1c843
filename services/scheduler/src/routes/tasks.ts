// /tasks: create, list, read and delete scheduled tasks; every call needs X-API-Key.

import { apiKeyGuard, readJsonBody } from '@keel/kit';
import { Elysia } from 'elysia';
import type { Dispatcher } from '../dispatcher.ts';
import { InvalidQueryError, TaskAlreadyDeliveredError, TaskNotFoundError } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../list-cursor.ts';
import type { TargetPolicy } from '../target-policy.ts';
import { attemptToJson, TASK_STATUSES, type TaskStatus, taskToJson } from '../task.ts';
import { parseNewTask } from '../task-input.ts';
import type { TaskStore } from '../task-store.ts';

/** Room for the largest valid task: 256 KiB of payload (more once JSON-escaped), 50 headers of 8 KiB, the URL. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
const LIST_PARAMETERS = new Set(['status', 'limit', 'cursor']);

export interface TaskRoutesOptions {
  readonly store: TaskStore;
  readonly dispatcher: Dispatcher;
  readonly apiKey: string;
  readonly allowedTargets: TargetPolicy | null;
}

export function taskRoutes({ store, dispatcher, apiKey, allowedTargets }: TaskRoutesOptions) {
  return new Elysia({ prefix: '/tasks' })
    .use(apiKeyGuard(apiKey))
    .post('', async function createTask({ request, set }) {
      const body = await readJsonBody(request, { limit: MAX_REQUEST_BYTES });
      const task = await store.insert(parseNewTask(body, allowedTargets));
      dispatcher.taskAdded(task.executeAt);
      set.status = 201;
      set.headers.location = `tasks/${task.id}`;
      return taskToJson(task);
    })
    .get('', function listTasks({ request, set }) {
      const query = new URL(request.url).searchParams;
      const { status, limit, cursor } = parseListQuery(query);
      const page = store.list(status, cursor, limit);
      if (page.next !== null) {
        const next = encodeCursor(page.next);
        set.headers['x-next-cursor'] = next;
        // A query-only reference resolves against the request URL, so it stays right behind the gateway prefix.
        set.headers.link = `<?${new URLSearchParams({ status, limit: String(limit), cursor: next })}>; rel="next"`;
      }
      return page.tasks.map(taskToJson);
    })
    .get('/:id', function getTask({ params }) {
      const task = store.get(params.id);
      if (task === null) throw new TaskNotFoundError({ id: params.id });
      return { ...taskToJson(task), attempt_log: store.attempts(task.id).map(attemptToJson) };
    })
    .delete('/:id', function deleteTask({ params, set }) {
      const result = store.delete(params.id);
      if (result === 'missing') throw new TaskNotFoundError({ id: params.id });
      if (result === 'delivered') throw new TaskAlreadyDeliveredError({ id: params.id });
      set.status = 204;
    });
}

function parseListQuery(query: URLSearchParams) {
  for (const name of query.keys()) {
    if (!LIST_PARAMETERS.has(name)) {
      throw new InvalidQueryError({ parameter: name, message: `unknown (known: ${[...LIST_PARAMETERS].join(', ')})` });
    }
  }
  const statusText = query.get('status') ?? 'pending';
  const status = TASK_STATUSES.find((known) => known === statusText);
  if (status === undefined) {
    throw new InvalidQueryError({ parameter: 'status', message: `must be one of ${TASK_STATUSES.join(', ')}` });
  }
  const limitText = query.get('limit') ?? String(DEFAULT_PAGE_SIZE);
  const limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new InvalidQueryError({ parameter: 'limit', message: `must be an integer from 1 to ${MAX_PAGE_SIZE}` });
  }
  const cursorText = query.get('cursor');
  const cursor = cursorText === null ? null : decodeCursor(cursorText);
  if (cursorText !== null && cursor === null) {
    throw new InvalidQueryError({ parameter: 'cursor', message: 'is not a cursor returned by this service' });
  }
  return { status: status as TaskStatus, limit, cursor };
}
