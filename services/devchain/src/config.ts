// The dev chain's settings: RPC port, data directory, log level.

import {
  asOneOf,
  asPort,
  asText,
  type ConfigOf,
  type ConfigSource,
  LOG_LEVELS,
  type LogLevel,
  loadConfig,
  setting,
} from '@keel/kit';

/** anvil's and every Ethereum tool's default JSON-RPC port. */
export const DEFAULT_DEVCHAIN_PORT = 8545;

export const devchainSettings = {
  port: setting({
    env: ['DEVCHAIN_PORT'],
    flag: 'port',
    help: 'JSON-RPC port of the chain (0 picks a free one)',
    parse: asPort,
    default: DEFAULT_DEVCHAIN_PORT,
  }),
  dataDir: setting({
    env: ['DATA_DIR'],
    help: 'directory of state.json (the chain), deployment.json, chains.json and contracts.yaml',
    parse: asText,
    default: './data/devchain',
  }),
  logLevel: setting({
    env: ['DEVCHAIN_LOG_LEVEL', 'LOG_LEVEL'],
    help: `log level: ${LOG_LEVELS.join(', ')}`,
    parse: asOneOf(LOG_LEVELS),
    default: 'info' as LogLevel,
  }),
};

export type DevchainConfig = ConfigOf<typeof devchainSettings>;

export function loadDevchainConfig(source: ConfigSource): DevchainConfig {
  return loadConfig(devchainSettings, source);
}
