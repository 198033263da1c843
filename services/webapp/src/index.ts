// @keel/webapp: the web app server (watches, checks, the front end) and its sans-IO alert policy.

export { AlertPolicyError, CorruptStateError, InvalidObservationError, InvalidPolicyError } from './alert-errors.ts';
export { type AlertMessage, type AlertPosition, describeAlert, type NtfyPriority } from './alert-message.ts';
export {
  type AlertPolicy,
  type AlertPolicyInput,
  DEFAULT_COOLDOWN_MS,
  DEFAULT_MARGIN_RATIO,
  HEALTH_LIQUIDATION,
  LTV_MAX_THRESHOLD,
  MAX_COOLDOWN_MS,
  METRIC_KINDS,
  type MetricKind,
  parseAlertPolicy,
} from './alert-policy.ts';
export { createApp } from './app.ts';
export { type ChainConfig, readConfig, type WebappConfig } from './config.ts';
export {
  type Alert,
  type AlertLevel,
  type EndAlert,
  type Evaluation,
  evaluate,
  type Observation,
  type RecoveredAlert,
  type ThresholdAlert,
} from './evaluate.ts';
export { publicConfig } from './public-config.ts';
export {
  decodeState,
  encodeState,
  initialWatchState,
  type ThresholdLevel,
  WATCH_STATE_VERSION,
  type WatchLevel,
  type WatchState,
} from './watch-state.ts';
export { createWebapp, type Environment, systemEnvironment, type Webapp } from './webapp.ts';
