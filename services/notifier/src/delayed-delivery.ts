// Delivers delayed messages at their time: one timer aimed at the earliest one waiting in the store.

import type { Logger, Timers } from '@keel/kit';
import type { MessageStore } from './message-store.ts';
import { EncodedMessage } from './stream-format.ts';
import type { TopicHub } from './topic-hub.ts';

/** Timers overflow past 2^31 ms; waking at least hourly to re-read the store is free. */
const MAX_TIMER_MS = 3_600_000;
const BATCH = 500;

export class DelayedDelivery {
  readonly #store: MessageStore;
  readonly #hub: TopicHub;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #logger: Logger;
  #timer: unknown = null;
  #timerAt = Number.POSITIVE_INFINITY;
  #stopped = false;
  #running: Promise<void> = Promise.resolve();

  constructor(options: { store: MessageStore; hub: TopicHub; timers: Timers; now: () => number; logger: Logger }) {
    this.#store = options.store;
    this.#hub = options.hub;
    this.#timers = options.timers;
    this.#now = options.now;
    this.#logger = options.logger;
  }

  start(): void {
    this.#arm();
  }

  /** A delayed message was stored for `timeSeconds`: re-aim if it is the earliest. */
  added(timeSeconds: number): void {
    if (timeSeconds * 1000 < this.#timerAt) this.#arm();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clear();
    await this.#running;
  }

  #arm(): void {
    this.#clear();
    if (this.#stopped) return;
    const next = this.#store.nextScheduledAt();
    if (next === null) return;
    const at = next * 1000;
    this.#timerAt = at;
    this.#timer = this.#timers.set(
      () => {
        this.#timer = null;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#running = this.#deliverDue().then(
          () => this.#arm(),
          (error: unknown) => {
            this.#logger.error('delayed delivery failed', { error });
            this.#arm();
          },
        );
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - this.#now())),
    );
  }

  async #deliverDue(): Promise<void> {
    for (;;) {
      const due = this.#store.dueScheduled(Math.floor(this.#now() / 1000), BATCH);
      if (due.length === 0) return;
      await this.#store.markPublished(due.map((message) => message.id));
      for (const message of due) this.#hub.publish(new EncodedMessage(message));
      this.#logger.debug('delayed messages delivered', { count: due.length });
      if (due.length < BATCH) return;
    }
  }

  #clear(): void {
    if (this.#timer !== null) this.#timers.clear(this.#timer);
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }
}
