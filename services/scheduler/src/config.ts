// The scheduler's settings: environment variables and flags, validated at start.

import type { Durability } from '@keel/kit';
import {
  asApiKey,
  asDuration,
  asInteger,
  asList,
  type ConfigSource,
  type CorsConfig,
  corsConfig,
  corsSettings,
  type LogLevel,
  loadConfig,
  serviceSettings,
  setting,
} from '@keel/kit';
import { parseTargetPolicy, type TargetPolicy } from './target-policy.ts';

export interface SchedulerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly apiKey: string;
  readonly logLevel: LogLevel;
  readonly cors: CorsConfig | null;
  readonly delivery: DeliveryConfig;
  /** `null`: any http(s) host may be targeted. */
  readonly allowedTargets: TargetPolicy | null;
  readonly durability: Durability;
  /** Delivered and failed tasks are kept this long for `GET /tasks/:id`, then purged. */
  readonly retentionMs: number;
}

export interface DeliveryConfig {
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
}

const spec = {
  ...serviceSettings({ service: 'scheduler', port: 8080 }),
  apiKey: setting({
    env: ['SCHEDULER_API_KEY'],
    help: 'the key clients send as X-API-Key; generate with scripts/gen-key',
    parse: asApiKey,
  }),
  ...corsSettings,
  maxAttempts: setting({
    env: ['SCHEDULER_MAX_ATTEMPTS'],
    help: 'attempts per task, the first included, before it is marked failed',
    parse: asInteger({ min: 1, max: 100 }),
    default: 5,
  }),
  timeoutMs: setting({
    env: ['SCHEDULER_REQUEST_TIMEOUT'],
    help: 'timeout of one delivery attempt, e.g. 10s',
    parse: asDuration({ min: 100, max: 15 * 60_000 }),
    default: 10_000,
  }),
  concurrency: setting({
    env: ['SCHEDULER_CONCURRENCY'],
    help: 'deliveries in flight at once',
    parse: asInteger({ min: 1, max: 10_000 }),
    // Enough to keep 2,000 deliveries/s flowing to targets answering within 30 ms.
    default: 64,
  }),
  retryBaseMs: setting({
    env: ['SCHEDULER_RETRY_BASE'],
    help: 'backoff before the first retry; doubles each attempt',
    parse: asDuration({ min: 1, max: 24 * 3_600_000 }),
    default: 1_000,
  }),
  retryMaxMs: setting({
    env: ['SCHEDULER_RETRY_MAX'],
    help: 'longest backoff between attempts, also the cap on a target Retry-After',
    parse: asDuration({ min: 1, max: 7 * 24 * 3_600_000 }),
    default: 10 * 60_000,
  }),
  allowedTargets: setting<TargetPolicy | null>({
    env: ['SCHEDULER_ALLOWED_TARGETS'],
    help: 'comma-separated hosts tasks may target (host, host:port, *.domain); unset allows any',
    parse: (raw) => parseTargetPolicy(asList(raw)),
    default: null,
  }),
  retentionMs: setting({
    env: ['SCHEDULER_RETENTION'],
    help: 'how long delivered and failed tasks stay readable',
    parse: asDuration({ min: 60_000 }),
    default: 7 * 24 * 3_600_000,
  }),
};

export function readConfig(source: ConfigSource): SchedulerConfig {
  const values = loadConfig(spec, source);
  return {
    port: values.port,
    host: values.host,
    dataDir: values.dataDir,
    apiKey: values.apiKey,
    logLevel: values.logLevel,
    cors: corsConfig(values),
    delivery: {
      maxAttempts: values.maxAttempts,
      timeoutMs: values.timeoutMs,
      concurrency: values.concurrency,
      retryBaseMs: values.retryBaseMs,
      retryMaxMs: values.retryMaxMs,
    },
    allowedTargets: values.allowedTargets,
    durability: values.durability,
    retentionMs: values.retentionMs,
  };
}
