// The sweep: every minute, through the scheduler, any watch without a recent check gets a new chain of checks.

import type { Logger, Timers } from '@keel/kit';
import type { Checker } from './checker.ts';
import { DependencyUnavailableError } from './errors.ts';
import type { SchedulerClient } from './scheduler-client.ts';
import { TASK_KEY_HEADER } from './task-key.ts';
import type { WatchStore } from './watch-store.ts';

/** How often the sweep runs. */
export const CRON_INTERVAL_MS = 60_000;
/** A watch is stale after three missed intervals: one slow check is not an outage, three in a row are. */
export const STALE_INTERVALS = 3;
/** While the scheduler is unreachable at start, ask again this often. */
const START_RETRY_MS = 10_000;

export interface CronOptions {
  readonly store: WatchStore;
  readonly checker: Checker;
  readonly scheduler: SchedulerClient;
  readonly publicUrl: string;
  readonly taskKey: string;
  readonly checkIntervalMs: number;
  readonly now: () => number;
  readonly timers: Timers;
  readonly logger: Logger;
}

export interface SweepResult {
  readonly outcome: 'swept' | 'superseded';
  readonly repaired: number;
}

export class Cron {
  readonly #options: CronOptions;
  #retry: unknown = null;
  #stopped = false;

  constructor(options: CronOptions) {
    this.#options = options;
  }

  /** Schedules the first sweep now; keeps trying while the scheduler is down. */
  start(): void {
    const attempt = () => {
      this.#retry = null;
      this.#scheduleNext(this.#options.now()).catch((error: unknown) => {
        if (this.#stopped) return;
        this.#options.logger.warn('could not schedule the sweep; trying again', { error, retry_ms: START_RETRY_MS });
        this.#retry = this.#options.timers.set(attempt, START_RETRY_MS);
      });
    };
    attempt();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#retry !== null) this.#options.timers.clear(this.#retry);
  }

  /** One sweep, then the next one scheduled. A task of an older cron chain (before a restart) ends here. */
  async run(taskId: string | null): Promise<SweepResult> {
    const { store, checker, now, checkIntervalMs, logger } = this.#options;
    const current = store.cronTaskId();
    if (taskId !== null && current !== null && taskId !== current) return { outcome: 'superseded', repaired: 0 };
    const staleBefore = now() - STALE_INTERVALS * checkIntervalMs;
    let repaired = 0;
    const failures: unknown[] = [];
    for (const watch of store.stale(staleBefore)) {
      try {
        if (await checker.repair(watch.id, staleBefore)) repaired += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      throw new DependencyUnavailableError({
        dependency: 'scheduler',
        message: `could not restart the checks of ${failures.length} watches`,
        cause: failures[0],
      });
    }
    await this.#scheduleNext(now() + CRON_INTERVAL_MS);
    if (repaired > 0) logger.info('sweep restarted stale watches', { repaired });
    return { outcome: 'swept', repaired };
  }

  async #scheduleNext(at: number): Promise<void> {
    const { scheduler, store, publicUrl, taskKey } = this.#options;
    const id = await scheduler.schedule({
      url: `${publicUrl}/api/cron`,
      executeAt: at,
      headers: { [TASK_KEY_HEADER]: taskKey },
    });
    store.setCronTaskId(id);
  }
}
