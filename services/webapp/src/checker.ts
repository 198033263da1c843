// Drives the alert policy for each watch: read the position, evaluate, publish, save, schedule the next check.

import type { Logger } from '@keel/kit';
import type { Position } from '@keel/positions';
import { Counter, Histogram, type Registry } from 'prom-client';
import { InvalidObservationError } from './alert-errors.ts';
import { describeAlert } from './alert-message.ts';
import { parseAlertPolicy } from './alert-policy.ts';
import { DependencyUnavailableError, PositionNotWatchableError, WatchNotFoundError } from './errors.ts';
import { evaluate } from './evaluate.ts';
import type { NotifierClient } from './notifier-client.ts';
import { observe, type PositionReader } from './position-reader.ts';
import type { SchedulerClient } from './scheduler-client.ts';
import { TASK_KEY_HEADER } from './task-key.ts';
import type { NewWatch, Watch } from './watch.ts';
import type { WatchStore } from './watch-store.ts';

export interface CheckerOptions {
  readonly store: WatchStore;
  readonly reader: PositionReader;
  readonly notifier: NotifierClient;
  readonly scheduler: SchedulerClient;
  /** Where the scheduler calls back, e.g. http://127.0.0.1:3000. */
  readonly publicUrl: string;
  readonly taskKey: string;
  readonly linkBase: string;
  readonly intervalMs: number;
  readonly now: () => number;
  readonly monotonic: () => number;
  readonly newId: () => string;
  readonly logger: Logger;
  readonly registry: Registry;
}

/** `superseded`: delivered by a task of an older chain of checks, which ends here (exactly one chain per watch). */
export type CheckOutcome = 'checked' | 'ended' | 'superseded';

export interface CheckResult {
  readonly outcome: CheckOutcome;
  readonly watch: Watch;
  readonly alerts: number;
}

export class Checker {
  readonly #options: CheckerOptions;
  readonly #locks = new Map<string, Promise<void>>();
  readonly #checks: Counter<'outcome'>;
  readonly #alerts: Counter<'level'>;
  readonly #duration: Histogram;

  constructor(options: CheckerOptions) {
    this.#options = options;
    this.#checks = new Counter({
      name: 'webapp_checks_total',
      help: 'Watch checks by outcome (checked, ended, superseded, failed)',
      labelNames: ['outcome'],
      registers: [options.registry],
    });
    this.#alerts = new Counter({
      name: 'webapp_alerts_published_total',
      help: 'Alerts published to the notifier, by level',
      labelNames: ['level'],
      registers: [options.registry],
    });
    this.#duration = new Histogram({
      name: 'webapp_check_duration_seconds',
      help: 'Time of one check: chain read, publishes, scheduling the next',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [options.registry],
    });
  }

  /** Creates a watch for a position its owner holds, runs its first check and schedules the next. */
  async create(input: NewWatch): Promise<Watch> {
    const { store, reader, now, newId } = this.#options;
    const position = await reader.read(input);
    if (position.status === 'liquidated' || position.status === 'closed' || position.owner === null) {
      throw new PositionNotWatchableError({
        field: 'id',
        message: `position #${input.positionId} on ${input.chain} is ${position.status}`,
      });
    }
    if (position.owner.toLowerCase() !== input.owner.toLowerCase()) {
      throw new PositionNotWatchableError({
        field: 'owner',
        message: `position #${input.positionId} on ${input.chain} is held by ${position.owner}, not ${input.owner}`,
      });
    }
    const watch = store.insert(newId(), input, now());
    try {
      const result = await this.#exclusive(watch.id, () => this.#apply(watch, position));
      return result.watch;
    } catch (error) {
      // Nothing half-made stays behind: the owner sees the error and tries again.
      store.delete(watch.id);
      throw error;
    }
  }

  /** One check, as the scheduler delivers it (`taskId` from X-Scheduler-Task-Id) or as called by hand (`null`). */
  check(id: string, taskId: string | null): Promise<CheckResult> {
    return this.#exclusive(id, async () => {
      const started = this.#options.monotonic();
      try {
        const watch = this.#options.store.get(id);
        if (watch === null) throw new WatchNotFoundError({ id });
        if (taskId !== null && watch.nextTaskId !== null && taskId !== watch.nextTaskId) {
          this.#checks.inc({ outcome: 'superseded' });
          return { outcome: 'superseded', watch, alerts: 0 };
        }
        if (watch.state.level === 'gone') return { outcome: 'ended', watch, alerts: 0 };
        const position = await this.#options.reader.read(watch);
        return await this.#apply(watch, position);
      } catch (error) {
        this.#checks.inc({ outcome: 'failed' });
        this.#options.logger.warn('check failed; the scheduler retries it', { watch: id, task: taskId, error });
        throw error;
      } finally {
        this.#duration.observe((this.#options.monotonic() - started) / 1000);
      }
    });
  }

  /** Starts a fresh chain of checks now, unless a check succeeded since `staleBefore` (the cron's repair). */
  repair(id: string, staleBefore: number): Promise<boolean> {
    return this.#exclusive(id, async () => {
      const watch = this.#options.store.get(id);
      if (watch === null || watch.state.level === 'gone') return false;
      if ((watch.lastCheckedAt ?? watch.createdAt) >= staleBefore) return false;
      await this.#scheduleNext(watch.id, this.#options.now());
      this.#options.logger.warn('watch had no check for too long; a new chain of checks starts now', {
        watch: id,
        last_checked_at: watch.lastCheckedAt,
      });
      return true;
    });
  }

  /** Deletes a watch and cancels its pending check (best effort: a stale task finds no watch and ends). */
  remove(id: string): Promise<void> {
    return this.#exclusive(id, async () => {
      const watch = this.#options.store.delete(id);
      if (watch === null) throw new WatchNotFoundError({ id });
      if (watch.nextTaskId === null) return;
      try {
        await this.#options.scheduler.cancel(watch.nextTaskId);
      } catch (error) {
        this.#options.logger.warn('could not cancel the next check of a deleted watch', { watch: id, error });
      }
    });
  }

  async #apply(watch: Watch, position: Position): Promise<CheckResult> {
    const { store, notifier, now, logger, intervalMs } = this.#options;
    const policy = parseAlertPolicy({ metric: watch.metric, warning: watch.warning, critical: watch.critical });
    const checkedAt = now();
    let evaluation: ReturnType<typeof evaluate>;
    try {
      evaluation = evaluate(policy, watch.state, observe(position, watch), checkedAt);
    } catch (cause) {
      if (!(cause instanceof InvalidObservationError)) throw cause;
      // docs/alert-policy.md: a reading that is not a measurement is a failed check, retried.
      throw new DependencyUnavailableError({ dependency: 'chain', message: cause.message, cause });
    }
    // Publish first, then save (docs/alert-policy.md): a failed publish is retried from the old state.
    for (const alert of evaluation.alerts) {
      await notifier.publish(watch.topic, describeAlert(alert, this.#alertPosition(watch)), watch.email);
      this.#alerts.inc({ level: alert.level });
      logger.info('alert published', { watch: watch.id, level: alert.level, topic: watch.topic });
    }
    store.recordCheck(watch.id, evaluation.state, checkedAt);
    const checked: Watch = { ...watch, state: evaluation.state, lastCheckedAt: checkedAt };
    if (evaluation.state.level === 'gone') {
      store.setNextTask(watch.id, null);
      this.#checks.inc({ outcome: 'ended' });
      logger.info('watch ended', { watch: watch.id, position: position.status });
      return { outcome: 'ended', watch: { ...checked, nextTaskId: null }, alerts: evaluation.alerts.length };
    }
    const nextTaskId = await this.#scheduleNext(watch.id, checkedAt + intervalMs);
    this.#checks.inc({ outcome: 'checked' });
    return { outcome: 'checked', watch: { ...checked, nextTaskId }, alerts: evaluation.alerts.length };
  }

  async #scheduleNext(id: string, at: number): Promise<string> {
    const { scheduler, store, publicUrl, taskKey } = this.#options;
    const taskId = await scheduler.schedule({
      url: `${publicUrl}/api/tasks/check/${encodeURIComponent(id)}`,
      executeAt: at,
      headers: { [TASK_KEY_HEADER]: taskKey },
    });
    store.setNextTask(id, taskId);
    return taskId;
  }

  #alertPosition(watch: Watch) {
    const link = `${this.#options.linkBase}/dapp/position/${watch.chain}/${watch.positionId}?preset=${encodeURIComponent(watch.preset)}`;
    return { label: watch.label, chain: watch.chain, id: watch.positionId, link };
  }

  /** Work on one watch never interleaves: creation, checks, repairs and removal run one after another. */
  #exclusive<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(id) ?? Promise.resolve();
    const run = previous.then(work);
    // The queue only needs to know when `run` settled; its outcome reaches the caller through `run` itself.
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#locks.set(id, settled);
    void settled.then(() => {
      if (this.#locks.get(id) === settled) this.#locks.delete(id);
    });
    return run;
  }
}
