// Composition root: read config, build the gateway, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { readConfig } from './config.ts';
import { createGateway } from './gateway.ts';

await runMain(() => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'gateway' } });
  const app = createGateway(config, { logger, fetch, processMetrics: true });
  serve({ app, port: config.port, hostname: config.host, logger });
  logger.info('gateway started', {
    routes: config.routes.map((route) => `${route.prefix || '/'} -> ${route.upstream}`),
  });
});
