// Entry point of the dev chain: read config, start the stack, log `listening`, stop cleanly on SIGTERM/SIGINT.

import { createLogger, runMain } from '@keel/kit';
import { loadDevchainConfig } from './config.ts';
import { type DevStack, startDevStack } from './dev-stack.ts';

await runMain(async () => {
  const config = loadDevchainConfig({ env: process.env, argv: process.argv.slice(2) });
  const logger = createLogger({ level: config.logLevel, fields: { service: 'devchain' } });

  let stack: DevStack | null = null;
  let stopping = false;
  const shutDown = (running: DevStack) =>
    running.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('stop failed', { error });
        process.exit(1);
      },
    );
  // Installed before anvil starts: a signal during start-up must still stop anvil, which runs in its own group.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    if (stack !== null) shutDown(stack);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const started = await startDevStack({ port: config.port, dataDir: config.dataDir, logger });
  stack = started;
  if (stopping) {
    shutDown(started);
    return;
  }
  started.anvil.exited.then((code) => {
    if (stopping) return;
    logger.error('anvil exited unexpectedly', { code });
    process.exit(1);
  });
  logger.info('listening', {
    port: started.anvil.port,
    rpc_url: started.anvil.rpcUrl,
    chain_id: started.anvil.chainId,
    multicall3: started.multicall3,
    test_positions: started.testPositions,
    ref_lending: started.refLending,
    ref_positions: started.refPositions,
    deployed: started.deployed,
    data_dir: config.dataDir,
  });
});
