// Purges delivered and failed tasks once they are older than the retention period.

import type { Logger, Timers } from '@keel/kit';
import type { TaskStore } from './task-store.ts';

/** Often enough that the table never holds much more than the retention period's worth of history. */
const PURGE_EVERY_MS = 15 * 60_000;

export function startRetention({
  store,
  retentionMs,
  env,
}: {
  store: TaskStore;
  retentionMs: number;
  env: { logger: Logger; now: () => number; timers: Timers };
}): () => void {
  let handle: unknown = null;
  const purge = () => {
    const removed = store.purgeFinishedBefore(env.now() - retentionMs);
    if (removed > 0) env.logger.info('purged finished tasks', { removed });
    handle = env.timers.set(purge, PURGE_EVERY_MS);
  };
  purge();
  return () => env.timers.clear(handle);
}
