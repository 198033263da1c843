// Composition root: read config, build the ownership cache, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { readConfig } from './config.ts';
import { createOwnercache, systemEnvironment } from './ownercache.ts';

await runMain(() => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'ownercache' } });
  const cache = createOwnercache(config, systemEnvironment({ logger, processMetrics: true }));
  serve({ app: cache.app, port: config.port, hostname: config.host, logger, onStop: () => cache.close() });
  cache.start();
  logger.info('ownership cache started', {
    contracts: config.contracts.map((contract) => `${contract.key}@${contract.network}`),
    ttl_ms: config.ttlMs,
    indexer: config.indexer !== null,
  });
});
