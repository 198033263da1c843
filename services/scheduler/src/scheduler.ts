// Assembles a whole scheduler (store, dispatcher, retention, app) from its config and the outside world.

import { join } from 'node:path';
import { createRegistry, type Logger, openDatabase, systemTimers, type Timers } from '@keel/kit';
import { createApp } from './app.ts';
import type { SchedulerConfig } from './config.ts';
import { Dispatcher } from './dispatcher.ts';
import { MIGRATIONS } from './migrations.ts';
import { startRetention } from './retention.ts';
import { createSchedulerMetrics } from './scheduler-metrics.ts';
import { TaskStore } from './task-store.ts';

export const USER_AGENT = 'keel-scheduler/0.1';

/** What the scheduler needs from the outside world; the composition root passes the real ones. */
export interface Environment {
  readonly logger: Logger;
  readonly now: () => number;
  readonly monotonic: () => number;
  readonly timers: Timers;
  readonly fetch: typeof fetch;
  readonly random: () => number;
  readonly newId: () => string;
  /** Collect process metrics (CPU, memory); off in tests that build many schedulers. */
  readonly processMetrics: boolean;
}

/** The real clock, timers, network and randomness. */
export function systemEnvironment({
  logger,
  processMetrics,
}: {
  logger: Logger;
  processMetrics: boolean;
}): Environment {
  return {
    logger,
    now: Date.now,
    monotonic: () => performance.now(),
    timers: systemTimers,
    fetch,
    random: Math.random,
    newId: () => Bun.randomUUIDv7(),
    processMetrics,
  };
}

export function createScheduler(config: SchedulerConfig, env: Environment) {
  const db = openDatabase({
    path: join(config.dataDir, 'scheduler.sqlite'),
    migrations: MIGRATIONS,
    durability: config.durability,
  });
  const store = new TaskStore(db, { newId: env.newId, now: env.now });
  const registry = createRegistry({ service: 'scheduler', processMetrics: env.processMetrics });
  const metrics = createSchedulerMetrics(registry, () => ({
    countByStatus: () => store.countByStatus(),
    inFlight: () => dispatcher.inFlight,
  }));
  const dispatcher = new Dispatcher({
    store,
    delivery: config.delivery,
    allowedTargets: config.allowedTargets,
    logger: env.logger,
    metrics,
    now: env.now,
    monotonic: env.monotonic,
    timers: env.timers,
    fetch: env.fetch,
    random: env.random,
    userAgent: USER_AGENT,
  });
  const app = createApp({
    store,
    dispatcher,
    apiKey: config.apiKey,
    cors: config.cors,
    allowedTargets: config.allowedTargets,
    logger: env.logger,
    registry,
  });
  const stopRetention = startRetention({ store, retentionMs: config.retentionMs, env });

  return {
    app,
    store,
    dispatcher,
    start(): void {
      dispatcher.start();
    },
    /** Stops firing, waits for deliveries in flight to be recorded, closes the database. */
    async close(): Promise<void> {
      stopRetention();
      await dispatcher.stop();
      db.close();
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
