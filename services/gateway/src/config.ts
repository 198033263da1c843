// The gateway's settings: its port, and where each upstream lives.

import {
  asDuration,
  asOneOf,
  asPort,
  asText,
  type ConfigSource,
  LOG_LEVELS,
  type LogLevel,
  loadConfig,
  setting,
} from '@keel/kit';
import type { Route } from './route-table.ts';

export interface GatewayConfig {
  readonly port: number;
  readonly host: string;
  readonly logLevel: LogLevel;
  readonly routes: readonly Route[];
  readonly upstreamTimeoutMs: number;
}

const asOrigin = (raw: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`'${raw}' is not a URL such as http://notifier:80`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`'${raw}' is not http or https`);
  if (url.pathname !== '/' || url.search !== '') throw new Error(`'${raw}' must be an origin, without a path`);
  return url.origin;
};

const spec = {
  port: setting({
    env: ['GATEWAY_PORT', 'PORT'],
    flag: 'port',
    help: 'HTTP port: 80 in a container, 8080 locally',
    parse: asPort,
    default: 8080,
  }),
  host: setting({ env: ['HOST'], help: 'address to listen on', parse: asText, default: '0.0.0.0' }),
  logLevel: setting({
    env: ['GATEWAY_LOG_LEVEL', 'LOG_LEVEL'],
    help: `log level: ${LOG_LEVELS.join(', ')}`,
    parse: asOneOf(LOG_LEVELS),
    default: 'info' as LogLevel,
  }),
  webapp: setting({
    env: ['GATEWAY_WEBAPP_URL'],
    help: 'the web app, served at /',
    parse: asOrigin,
    default: 'http://127.0.0.1:3000',
  }),
  notifier: setting({
    env: ['GATEWAY_NOTIFIER_URL'],
    help: 'the notifier, served at /notifier/',
    parse: asOrigin,
    default: 'http://127.0.0.1:8081',
  }),
  scheduler: setting({
    env: ['GATEWAY_SCHEDULER_URL'],
    help: 'the scheduler, served at /scheduler/',
    parse: asOrigin,
    default: 'http://127.0.0.1:8082',
  }),
  ownercache: setting({
    env: ['GATEWAY_OWNERCACHE_URL'],
    help: 'the ownership cache, served at /ownercache/',
    parse: asOrigin,
    default: 'http://127.0.0.1:8090',
  }),
  upstreamTimeoutMs: setting({
    env: ['GATEWAY_UPSTREAM_TIMEOUT'],
    help: 'time an upstream has to send its response headers before a 504',
    parse: asDuration({ min: 100 }),
    default: 30_000,
  }),
};

export function readConfig(source: ConfigSource): GatewayConfig {
  const values = loadConfig(spec, source);
  return {
    port: values.port,
    host: values.host,
    logLevel: values.logLevel,
    upstreamTimeoutMs: values.upstreamTimeoutMs,
    routes: [
      { prefix: '', name: 'webapp', upstream: values.webapp },
      { prefix: '/notifier', name: 'notifier', upstream: values.notifier },
      { prefix: '/scheduler', name: 'scheduler', upstream: values.scheduler },
      { prefix: '/ownercache', name: 'ownercache', upstream: values.ownercache },
    ],
  };
}
