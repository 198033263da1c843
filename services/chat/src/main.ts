// Composition root: read config, build the chat server, listen, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain, serve } from '@keel/kit';
import { createChat } from './chat.ts';
import { readConfig } from './config.ts';

await runMain(async () => {
  const config = readConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'chat' } });
  const chat = await createChat(config, { logger, now: Date.now, processMetrics: true });
  serve({
    app: chat.app,
    port: config.port,
    hostname: config.host,
    logger,
    beforeStop: () => chat.hub.closeAll(),
    onStop: () => chat.close(),
  });
  logger.info('chat server started', { data_dir: config.dataDir });
});
