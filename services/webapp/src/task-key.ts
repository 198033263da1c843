// The guard on the routes only the scheduler calls: X-Webapp-Task-Key, compared in constant time.

import { createHash } from 'node:crypto';
import { keyMatches, UnauthorizedError } from '@keel/kit';
import { Elysia } from 'elysia';

export const TASK_KEY_HEADER = 'X-Webapp-Task-Key';

export function taskKeyGuard(key: string) {
  const expected = createHash('sha256').update(key).digest();
  return new Elysia().onBeforeHandle({ as: 'scoped' }, function requireTaskKey({ request }) {
    const presented = request.headers.get(TASK_KEY_HEADER);
    if (presented === null || presented === '') {
      throw new UnauthorizedError({ message: `missing ${TASK_KEY_HEADER} header` });
    }
    if (!keyMatches(presented, expected)) throw new UnauthorizedError({ message: `invalid ${TASK_KEY_HEADER}` });
  });
}
