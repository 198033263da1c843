// Fires due tasks: one timer aimed at the next due task, bounded concurrency, retries rescheduled in the store.

import type { Logger, Timers } from '@keel/kit';
import { parseRetryAfter, retryDelay } from './backoff.ts';
import type { DeliveryConfig } from './config.ts';
import { type DeliveryResult, deliver } from './deliver.ts';
import type { SchedulerMetrics } from './scheduler-metrics.ts';
import type { TargetPolicy } from './target-policy.ts';
import type { Task } from './task.ts';
import type { AttemptOutcome, TaskStore } from './task-store.ts';

/**
 * Longest single timer wait. Timers overflow past 2^31 ms (~24.8 days) and fire at once; waking hourly to
 * re-read the head of the index also keeps a far-future timer honest after a clock change.
 */
const MAX_TIMER_MS = 3_600_000;

export interface DispatcherOptions {
  readonly store: TaskStore;
  readonly delivery: DeliveryConfig;
  readonly allowedTargets: TargetPolicy | null;
  readonly logger: Logger;
  readonly metrics: SchedulerMetrics;
  /** Wall clock, unix ms: what execute_at is compared with. */
  readonly now: () => number;
  /** Monotonic ms for durations. */
  readonly monotonic: () => number;
  readonly timers: Timers;
  readonly fetch: typeof fetch;
  readonly random: () => number;
  readonly userAgent: string;
}

export class Dispatcher {
  readonly #options: DispatcherOptions;
  readonly #busy = new Set<string>();
  readonly #work = new Set<Promise<void>>();
  #timer: unknown = null;
  #timerAt = Number.POSITIVE_INFINITY;
  #pumpQueued = false;
  #stopped = false;

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /** Deliveries in flight right now. */
  get inFlight(): number {
    return this.#busy.size;
  }

  start(): void {
    this.#pump();
  }

  /** A task was stored: wake up if it is due before the timer currently set. */
  taskAdded(dueAt: number): void {
    if (dueAt < this.#timerAt) this.#requestPump();
  }

  /** Stops firing and waits for the deliveries in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clearTimer();
    await Promise.all(this.#work);
  }

  // Several triggers in one turn (a burst of inserts, completions) cost one pump.
  #requestPump(): void {
    if (this.#pumpQueued) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.#pump();
    });
  }

  #pump(): void {
    this.#clearTimer();
    if (this.#stopped) return;
    const { store, delivery, now, timers } = this.#options;
    const free = delivery.concurrency - this.#busy.size;
    if (free > 0) {
      for (const task of store.due(now(), free, this.#busy)) this.#launch(task);
    }
    // At capacity, the next completion pumps again.
    if (this.#busy.size >= delivery.concurrency) return;
    const next = store.nextDueAt(this.#busy);
    if (next === null) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, next - now()));
    this.#timerAt = next;
    this.#timer = timers.set(() => {
      this.#timer = null;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.#pump();
    }, wait);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#options.timers.clear(this.#timer);
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  #launch(task: Task): void {
    this.#busy.add(task.id);
    const work = this.#attempt(task)
      .catch((error: unknown) => this.#options.logger.error('delivery bookkeeping failed', { task: task.id, error }))
      .finally(() => {
        this.#busy.delete(task.id);
        this.#work.delete(work);
        this.#requestPump();
      });
    this.#work.add(work);
  }

  async #attempt(task: Task): Promise<void> {
    const { store, metrics, now, logger } = this.#options;
    const attempt = task.attempts + 1;
    const startedAt = now();
    if (attempt === 1) metrics.lateness.observe(Math.max(0, startedAt - task.executeAt) / 1000);
    const result = await this.#send(task, attempt);
    const finishedAt = now();
    const outcome = this.#outcome(result, attempt, finishedAt);
    await store.recordAttempt(
      task.id,
      {
        attempt,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
      },
      outcome,
    );
    metrics.deliveries.inc({ outcome: outcome.status === 'pending' ? 'retry' : outcome.status });
    metrics.deliveryDuration.observe(result.durationMs / 1000);
    const fields = { task: task.id, host: new URL(task.url).host, attempt, status_code: result.statusCode };
    if (outcome.status === 'pending') {
      logger.info('task will be retried', {
        ...fields,
        error: result.error,
        next_attempt_at: new Date(outcome.nextAttemptAt).toISOString(),
      });
    } else if (outcome.status === 'failed') logger.warn('task failed', { ...fields, error: result.error });
    else logger.debug('task delivered', fields);
  }

  async #send(task: Task, attempt: number): Promise<DeliveryResult> {
    const { allowedTargets, delivery } = this.#options;
    // The allow-list may have narrowed since the task was accepted.
    if (allowedTargets !== null && !allowedTargets.allows(new URL(task.url))) {
      return {
        verdict: 'fail',
        statusCode: null,
        error: 'target host is no longer in SCHEDULER_ALLOWED_TARGETS',
        durationMs: 0,
        retryAfter: null,
      };
    }
    return deliver(task, attempt, {
      timeoutMs: delivery.timeoutMs,
      fetch: this.#options.fetch,
      clock: this.#options.monotonic,
      userAgent: this.#options.userAgent,
    });
  }

  #outcome(result: DeliveryResult, attempt: number, finishedAt: number): AttemptOutcome {
    const { delivery, random } = this.#options;
    if (result.verdict === 'delivered') return { status: 'delivered', finishedAt };
    if (result.verdict === 'fail' || attempt >= delivery.maxAttempts) return { status: 'failed', finishedAt };
    const wait = retryDelay(
      attempt,
      parseRetryAfter(result.retryAfter, finishedAt),
      { baseMs: delivery.retryBaseMs, maxMs: delivery.retryMaxMs },
      random,
    );
    return { status: 'pending', nextAttemptAt: finishedAt + wait };
  }
}
