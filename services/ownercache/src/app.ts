// The ownership cache's HTTP app, built from its parts; it never listens and never reads the environment.

import { type CorsConfig, createServiceApp, type Logger } from '@keel/kit';
import type { Registry } from 'prom-client';
import type { ContractIndex } from './contract-index.ts';
import type { IndexStore } from './index-store.ts';
import type { Ownership } from './ownership.ts';
import { nftRoutes } from './routes/nfts.ts';
import { statusRoutes } from './routes/status.ts';

export interface AppDependencies {
  readonly indexes: ReadonlyMap<string, ContractIndex>;
  readonly ownership: Ownership;
  readonly store: IndexStore;
  readonly apiKey: string;
  readonly cors: CorsConfig | null;
  readonly logger: Logger;
  readonly registry: Registry;
  readonly now: () => number;
}

export function createApp(deps: AppDependencies) {
  return createServiceApp({
    service: 'ownercache',
    logger: deps.logger,
    registry: deps.registry,
    cors: deps.cors,
    checks: { database: () => deps.store.ping() },
  })
    .use(statusRoutes(deps))
    .use(nftRoutes(deps));
}
