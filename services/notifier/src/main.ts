// Composition root: read config, build the notifier, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { readConfig } from './config.ts';
import { createNotifier, systemEnvironment } from './notifier.ts';

/** Bodies larger than any valid publish are cut off by the HTTP server itself. */
const MAX_REQUEST_BODY_BYTES = 64 * 1024;

await runMain(() => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'notifier' } });
  const notifier = createNotifier(config, systemEnvironment({ logger, processMetrics: true }));
  serve({
    app: notifier.app,
    port: config.port,
    hostname: config.host,
    logger,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    // Streams stay open until their subscriptions end: end them first, so in-flight requests can finish.
    beforeStop: () => notifier.endSubscriptions(),
    onStop: () => notifier.close(),
  });
  notifier.start();
  logger.info('notifier started', { data_dir: config.dataDir, email: config.smtp !== null, web_root: config.webRoot });
});
