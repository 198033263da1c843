// Assembles a whole chat server (database, stores, app) from its config and the outside world.

import { join } from 'node:path';
import { createRegistry, createServiceApp, type Logger, openDatabase } from '@keel/kit';
import sodium from 'libsodium-wrappers';
import { ChallengeBook } from './challenges.ts';
import { chatMetrics } from './chat-metrics.ts';
import type { ChatConfig } from './config.ts';
import { GroupStore } from './group-store.ts';
import { InboxHub } from './inbox-hub.ts';
import { KeyStore } from './key-store.ts';
import { MessageStore } from './message-store.ts';
import { MIGRATIONS } from './migrations.ts';
import { RateLimits } from './rate-limits.ts';
import { authRoutes } from './routes/auth.ts';
import { groupRoutes } from './routes/groups.ts';
import { keyRoutes } from './routes/keys.ts';
import { messageRoutes } from './routes/messages.ts';
import { wsRoutes } from './routes/ws.ts';
import { TokenStore } from './token-store.ts';

/** Expired tokens and messages are deleted this often. */
const PURGE_MS = 60 * 60_000;

export interface ChatEnvironment {
  readonly logger: Logger;
  readonly now: () => number;
  /** Collect process metrics (CPU, memory); off in tests that build many servers. */
  readonly processMetrics: boolean;
}

export async function createChat(config: ChatConfig, env: ChatEnvironment) {
  await sodium.ready;
  const db = openDatabase({
    path: join(config.dataDir, 'chat.sqlite'),
    migrations: MIGRATIONS,
    durability: config.durability,
  });
  const keys = new KeyStore(db, env.now);
  const tokens = new TokenStore(db, env.now);
  const challenges = new ChallengeBook(env.now);
  const messages = new MessageStore(db, env.now);
  const registry = createRegistry({ service: 'chat', processMetrics: env.processMetrics });
  const metrics = chatMetrics(registry, () => hub.connections);
  const hub = new InboxHub(messages, (kind) => metrics.accepted.add(kind));
  const groups = new GroupStore(db, env.now);
  const sendLimits = new RateLimits('messages', config.sendLimit, env.now);
  const ping = db.query('SELECT 1');
  const app = createServiceApp({
    service: 'chat',
    logger: env.logger,
    registry,
    cors: config.cors,
    checks: { database: () => ping.get() },
  })
    .use(
      keyRoutes({ keys, tokens, fetchLimits: new RateLimits('key bundle fetches', config.bundleFetchLimit, env.now) }),
    )
    .use(
      authRoutes({
        keys,
        tokens,
        challenges,
        challengeLimits: new RateLimits('challenges', config.challengeLimit, env.now),
      }),
    )
    .use(
      messageRoutes({
        keys,
        tokens,
        messages,
        hub,
        sendLimits,
      }),
    )
    .use(groupRoutes({ groups, tokens, messages, hub, sendLimits }))
    .use(wsRoutes({ tokens, now: env.now, logger: env.logger, keys, messages, hub, sendLimits }));
  const purge = setInterval(() => {
    tokens.purgeExpired();
    messages.purgeExpired();
  }, PURGE_MS);
  return {
    app,
    keys,
    tokens,
    messages,
    hub,
    close(): void {
      clearInterval(purge);
      db.close();
    },
  };
}

export type Chat = Awaited<ReturnType<typeof createChat>>;
