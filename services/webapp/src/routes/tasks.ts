// The routes only the scheduler calls (X-Webapp-Task-Key): one watch's check, and the sweep of all watches.

import { Elysia } from 'elysia';
import type { Checker } from '../checker.ts';
import type { Cron } from '../cron.ts';
import { taskKeyGuard } from '../task-key.ts';

/** Set by the scheduler on every delivery; identifies which chain of checks a call belongs to. */
const SCHEDULER_TASK_HEADER = 'x-scheduler-task-id';

export function taskRoutes({ checker, cron, taskKey }: { checker: Checker; cron: Cron; taskKey: string }) {
  return new Elysia({ prefix: '/api' })
    .use(taskKeyGuard(taskKey))
    .post('/tasks/check/:watchId', async function checkWatch({ params, request }) {
      const result = await checker.check(params.watchId, request.headers.get(SCHEDULER_TASK_HEADER));
      return {
        watch: result.watch.id,
        outcome: result.outcome,
        level: result.watch.state.level,
        value: result.watch.state.lastValue,
        alerts: result.alerts,
      };
    })
    .post('/cron', async function sweep({ request }) {
      return cron.run(request.headers.get(SCHEDULER_TASK_HEADER));
    });
}
