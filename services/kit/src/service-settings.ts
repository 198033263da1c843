// The settings every service reads the same way: port, listen address, data directory, log level, durability.

import { asOneOf, asPort, asText, setting } from './config.ts';
import { LOG_LEVELS, type LogLevel } from './logger.ts';
import type { Durability } from './sqlite.ts';

/** `service` names the data directory, the database file and the `<SERVICE>_*` variables. */
export function serviceSettings({ service, port }: { service: string; port: number }) {
  const prefix = service.toUpperCase();
  return {
    port: setting({
      env: ['PORT'],
      flag: 'port',
      help: 'HTTP port (0 picks a free one)',
      parse: asPort,
      default: port,
    }),
    host: setting({ env: ['HOST'], help: 'address to listen on', parse: asText, default: '0.0.0.0' }),
    dataDir: setting({
      env: ['DATA_DIR'],
      help: `directory of ${service}.sqlite`,
      parse: asText,
      default: `./data/${service}`,
    }),
    logLevel: setting({
      env: [`${prefix}_LOG_LEVEL`, 'LOG_LEVEL'],
      help: `log level: ${LOG_LEVELS.join(', ')}`,
      parse: asOneOf(LOG_LEVELS),
      default: 'info' as LogLevel,
    }),
    durability: setting<Durability>({
      env: [`${prefix}_DURABILITY`],
      help: 'full: fsync every commit (survives power loss); normal: survives a killed process only',
      parse: asOneOf(['full', 'normal']),
      default: 'full',
    }),
  };
}
