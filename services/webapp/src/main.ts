// Composition root: read config, build the web app server, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { readConfig } from './config.ts';
import { createWebapp, systemEnvironment } from './webapp.ts';

/** Larger than any watch; the routes cap their own bodies lower. */
const MAX_REQUEST_BODY_BYTES = 64 * 1024;

await runMain(() => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'webapp' } });
  const webapp = createWebapp(config, systemEnvironment({ logger, processMetrics: true }));
  serve({
    app: webapp.app,
    port: config.port,
    hostname: config.host,
    logger,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    onStop: () => webapp.close(),
  });
  webapp.start();
  logger.info('web app started', {
    chains: Object.keys(config.chains),
    web_root: config.webRoot,
    scheduler: config.schedulerUrl,
    notifier: config.notifierUrl,
    check_interval_ms: config.checkIntervalMs,
  });
});
