// Composition root: read config, build the scheduler, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { readConfig } from './config.ts';
import { createScheduler, systemEnvironment } from './scheduler.ts';

await runMain(() => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'scheduler' } });
  if (config.allowedTargets === null && process.env.NODE_ENV === 'production') {
    logger.warn('SCHEDULER_ALLOWED_TARGETS is not set: tasks may target any host, internal ones included');
  }
  const scheduler = createScheduler(config, systemEnvironment({ logger, processMetrics: true }));
  const pending = scheduler.store.countByStatus().pending;
  serve({
    app: scheduler.app,
    port: config.port,
    hostname: config.host,
    logger,
    onStop: () => scheduler.close(),
  });
  scheduler.start();
  logger.info('scheduler started', { data_dir: config.dataDir, pending });
});
