// Assembles a whole notifier (store, hub, publisher, delayed delivery, mailer, limits, app) from its config.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createRegistry, type Logger, openDatabase, systemTimers, type Timers } from '@keel/kit';
import { Counter, Gauge } from 'prom-client';
import { createApp } from './app.ts';
import type { NotifierConfig } from './config.ts';
import { DelayedDelivery } from './delayed-delivery.ts';
import { Mailer } from './mailer.ts';
import { newMessageId } from './message.ts';
import { MessageRate } from './message-rate.ts';
import { MessageStore } from './message-store.ts';
import { MIGRATIONS } from './migrations.ts';
import type { NotifierContext } from './notifier-context.ts';
import { Publisher } from './publisher.ts';
import { TopicHub } from './topic-hub.ts';
import { Visitors } from './visitors.ts';

/** ntfy's manager interval: expired messages and idle visitors are dropped this often. */
const MANAGER_INTERVAL_MS = 60_000;

/** What the notifier needs from the outside world; the composition root passes the real ones. */
export interface Environment {
  readonly logger: Logger;
  readonly now: () => number;
  readonly timers: Timers;
  readonly random: (bytes: number) => Uint8Array;
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
    timers: systemTimers,
    random: (bytes) => randomBytes(bytes),
    processMetrics,
  };
}

export function createNotifier(config: NotifierConfig, env: Environment) {
  const { logger, timers, now } = env;
  const db = openDatabase({
    path: join(config.dataDir, 'notifier.sqlite'),
    migrations: MIGRATIONS,
    durability: config.durability,
  });
  const store = new MessageStore(db);
  const hub = new TopicHub();
  const registry = createRegistry({ service: 'notifier', processMetrics: env.processMetrics });
  const visitors = new Visitors(config.visitors, now);
  const rate = new MessageRate();
  const mailer =
    config.smtp === null ? null : new Mailer({ smtp: config.smtp, baseUrl: config.baseUrl ?? '', logger, registry });
  const delayed = new DelayedDelivery({ store, hub, timers, now, logger });
  const publisher = new Publisher({
    store,
    hub,
    delayed,
    mailer,
    logger,
    published: new Counter({
      name: 'notifier_messages_published_total',
      help: 'Messages published',
      registers: [registry],
    }),
  });
  new Gauge({
    name: 'notifier_subscribers',
    help: 'Open subscriptions (streams and WebSockets)',
    registers: [registry],
    collect() {
      this.set(hub.subscribers);
    },
  });
  new Gauge({
    name: 'notifier_visitors',
    help: 'Visitors being rate-limited',
    registers: [registry],
    collect() {
      this.set(visitors.size);
    },
  });
  const newId = () => newMessageId(env.random);
  const context: NotifierContext = { config, store, hub, publisher, visitors, rate, now, newId };
  const app = createApp(context, { logger, registry });

  const handles: unknown[] = [];
  const every = (ms: number, task: () => void) => {
    const tick = () => {
      task();
      handles[index] = timers.set(tick, ms);
    };
    const index = handles.length;
    handles.push(timers.set(tick, ms));
  };

  return {
    app,
    store,
    hub,
    start(): void {
      delayed.start();
      rate.sample(now(), store.publishedCount());
      every(config.keepaliveMs, () => hub.keepalive(newId(), Math.floor(now() / 1000)));
      every(MANAGER_INTERVAL_MS, () => {
        const pruned = store.prune(Math.floor(now() / 1000));
        if (pruned > 0) logger.info('expired messages pruned', { pruned });
        visitors.prune();
        rate.sample(now(), store.publishedCount());
      });
    },
    /** Ends every open stream and WebSocket. */
    endSubscriptions(): void {
      hub.closeAll();
    },
    /** Ends subscriptions, finishes delayed deliveries and e-mails in flight, closes the database. */
    async close(): Promise<void> {
      for (const handle of handles) timers.clear(handle);
      hub.closeAll();
      await delayed.stop();
      await mailer?.close();
      db.close();
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
