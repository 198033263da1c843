// @keel/kit: what every service shares.

export { apiKeyGuard, asApiKey, isPlaceholder, keyMatches, MIN_PRODUCTION_KEY_LENGTH } from './api-key.ts';
export {
  asDuration,
  asInteger,
  asList,
  asOneOf,
  asPort,
  asText,
  ConfigError,
  type ConfigOf,
  type ConfigSource,
  type ConfigSpec,
  HelpRequested,
  loadConfig,
  type ParseContext,
  type Setting,
  setting,
} from './config.ts';
export { type CorsConfig, cors, corsConfig, corsSettings } from './cors.ts';
export { parseDuration } from './duration.ts';
export { type ErrorMapper, errorHandler, toAppError } from './error-handler.ts';
export {
  AppError,
  type AppErrorOptions,
  InvalidFieldError,
  InvalidJsonError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './errors.ts';
export { GroupCommit } from './group-commit.ts';
export { type HealthCheck, health } from './health.ts';
export { readBodyText, readJsonBody } from './json-body.ts';
export {
  type BunHandlers,
  DEFAULT_STOP_GRACE_MS,
  type RunningService,
  runMain,
  type ServeOptions,
  serve,
} from './lifecycle.ts';
export { createLogger, LOG_LEVELS, type Logger, type LogLevel } from './logger.ts';
export { createRegistry, metricsRoute } from './metrics.ts';
export { readLines } from './read-lines.ts';
export { requestObserver } from './request-observer.ts';
export { createServiceApp, type ServiceAppOptions } from './service-app.ts';
export { serviceSettings } from './service-settings.ts';
export { DatabaseTooNewError, type Durability, type OpenDatabaseOptions, openDatabase } from './sqlite.ts';
export { type TallyCounter, type TallyCounterOptions, tallyCounter } from './tally-counter.ts';
export { systemTimers, type Timers } from './timers.ts';
export { TokenBucket, type TokenBucketOptions } from './token-bucket.ts';
