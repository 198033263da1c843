// Assembles the web app server (store, chain reader, notifier and scheduler clients, checker, sweep, app).

import { join } from 'node:path';
import { createRegistry, type Logger, openDatabase, systemTimers, type Timers } from '@keel/kit';
import { Gauge } from 'prom-client';
import { createApp } from './app.ts';
import { Checker } from './checker.ts';
import type { WebappConfig } from './config.ts';
import { Cron } from './cron.ts';
import { MIGRATIONS } from './migrations.ts';
import { createNotifierClient } from './notifier-client.ts';
import { createPositionReader } from './position-reader.ts';
import { configScript } from './public-config.ts';
import { createSchedulerClient } from './scheduler-client.ts';
import { WatchStore } from './watch-store.ts';

/** What the server needs from the outside world; the composition root passes the real ones. */
export interface Environment {
  readonly logger: Logger;
  readonly now: () => number;
  readonly monotonic: () => number;
  readonly timers: Timers;
  readonly fetch: typeof globalThis.fetch;
  readonly newId: () => string;
  readonly processMetrics: boolean;
}

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
    newId: () => Bun.randomUUIDv7(),
    processMetrics,
  };
}

export function createWebapp(config: WebappConfig, env: Environment) {
  const { logger } = env;
  const db = openDatabase({
    path: join(config.dataDir, 'webapp.sqlite'),
    migrations: MIGRATIONS,
    durability: config.durability,
  });
  const store = new WatchStore(db, { logger });
  const registry = createRegistry({ service: 'webapp', processMetrics: env.processMetrics });
  new Gauge({
    name: 'webapp_watches',
    help: 'Watches stored',
    registers: [registry],
    collect() {
      this.set(store.count());
    },
  });
  const scheduler = createSchedulerClient({
    baseUrl: config.schedulerUrl,
    apiKey: config.schedulerApiKey,
    fetch: env.fetch,
  });
  const checker = new Checker({
    store,
    reader: createPositionReader(config.chains),
    notifier: createNotifierClient({ baseUrl: config.notifierUrl, fetch: env.fetch }),
    scheduler,
    publicUrl: config.publicUrl,
    taskKey: config.taskKey,
    linkBase: config.linkBase,
    intervalMs: config.checkIntervalMs,
    now: env.now,
    monotonic: env.monotonic,
    newId: env.newId,
    logger,
    registry,
  });
  const cron = new Cron({
    store,
    checker,
    scheduler,
    publicUrl: config.publicUrl,
    taskKey: config.taskKey,
    checkIntervalMs: config.checkIntervalMs,
    now: env.now,
    timers: env.timers,
    logger,
  });
  const app = createApp({
    store,
    checker,
    cron,
    chains: config.chains,
    taskKey: config.taskKey,
    webRoot: config.webRoot,
    configScript: configScript(config),
    logger,
    registry,
  });

  return {
    app,
    store,
    /** Schedules the first sweep through the scheduler (retrying while it is down). */
    start(): void {
      cron.start();
    },
    /** Stops asking for a sweep and closes the database; in-flight requests have finished by now. */
    async close(): Promise<void> {
      cron.stop();
      db.close();
    },
  };
}

export type Webapp = ReturnType<typeof createWebapp>;
