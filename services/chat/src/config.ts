// The chat server's settings: environment variables and flags, validated at start.

import {
  asDuration,
  asInteger,
  type ConfigSource,
  type CorsConfig,
  corsConfig,
  corsSettings,
  type Durability,
  type LogLevel,
  loadConfig,
  serviceSettings,
  setting,
} from '@keel/kit';
import type { LimitConfig } from './rate-limits.ts';

export interface ChatConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  readonly durability: Durability;
  readonly cors: CorsConfig | null;
  /** Bundle fetches per (requester, target): Signal's `prekeys` limiter is 6, one back per 10 minutes. */
  readonly bundleFetchLimit: LimitConfig;
  /** Challenges asked per fingerprint. */
  readonly challengeLimit: LimitConfig;
  /** Messages sent per user. */
  readonly sendLimit: LimitConfig;
}

const spec = {
  ...serviceSettings({ service: 'chat', port: 7700 }),
  ...corsSettings,
  bundleFetchBurst: setting({
    env: ['CHAT_BUNDLE_FETCH_BURST'],
    help: 'key bundle fetches one user may make for one other user at once',
    parse: asInteger({ min: 1, max: 1_000_000 }),
    default: 6,
  }),
  bundleFetchEvery: setting({
    env: ['CHAT_BUNDLE_FETCH_EVERY'],
    help: 'time for one more bundle fetch to come back, e.g. 10m',
    parse: asDuration({ min: 1 }),
    default: 10 * 60_000,
  }),
  challengeBurst: setting({
    env: ['CHAT_CHALLENGE_BURST'],
    help: 'login challenges one fingerprint may ask for at once',
    parse: asInteger({ min: 1, max: 1_000_000 }),
    default: 10,
  }),
  challengeEvery: setting({
    env: ['CHAT_CHALLENGE_EVERY'],
    help: 'time for one more challenge to come back, e.g. 6s',
    parse: asDuration({ min: 1 }),
    default: 6_000,
  }),
  sendBurst: setting({
    env: ['CHAT_SEND_BURST'],
    help: 'messages one user may send at once (a 10 MB file is 160 chunks)',
    parse: asInteger({ min: 1, max: 1_000_000 }),
    default: 300,
  }),
  sendEvery: setting({
    env: ['CHAT_SEND_EVERY'],
    help: 'time for one more message to come back, e.g. 20ms (50 per second)',
    parse: asDuration({ min: 0 }),
    default: 20,
  }),
};

export function readConfig(source: ConfigSource): ChatConfig {
  const values = loadConfig(spec, source);
  return {
    port: values.port,
    host: values.host,
    dataDir: values.dataDir,
    logLevel: values.logLevel,
    durability: values.durability,
    cors: corsConfig(values),
    bundleFetchLimit: { burst: values.bundleFetchBurst, replenishMs: values.bundleFetchEvery },
    challengeLimit: { burst: values.challengeBurst, replenishMs: values.challengeEvery },
    sendLimit: { burst: values.sendBurst, replenishMs: values.sendEvery },
  };
}
