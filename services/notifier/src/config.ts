// The notifier's settings: environment variables and flags, validated at start.

import { fileURLToPath } from 'node:url';
import {
  asDuration,
  asInteger,
  asList,
  asText,
  ConfigError,
  type ConfigSource,
  type Durability,
  type LogLevel,
  loadConfig,
  serviceSettings,
  setting,
} from '@keel/kit';
import type { VisitorLimits } from './visitors.ts';

export interface SmtpConfig {
  readonly host: string;
  readonly port: number;
  readonly user: string | null;
  readonly pass: string | null;
  readonly from: string;
}

export interface NotifierConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  /** Public URL, e.g. `https://alerts.example.com/notifier`; named in e-mail footers. */
  readonly baseUrl: string | null;
  /** `null`: e-mail is off and `X-Email` is refused with 40001. */
  readonly smtp: SmtpConfig | null;
  readonly cacheMs: number;
  readonly keepaliveMs: number;
  readonly delayLimitMs: number;
  readonly visitors: VisitorLimits;
  /** Peers whose X-Forwarded-For is believed (the gateway). */
  readonly trustedProxies: ReadonlySet<string>;
  readonly webRoot: string;
  readonly durability: Durability;
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/notifier/dist', import.meta.url));

const spec = {
  // 80 is the notifier's port in a container, as ntfy's.
  ...serviceSettings({ service: 'notifier', port: 80 }),
  baseUrl: setting<string | null>({
    env: ['NOTIFIER_BASE_URL'],
    help: 'public URL of the notifier, e.g. https://alerts.example.com/notifier (needed for e-mail)',
    parse: asBaseUrl,
    default: null,
  }),
  smtpAddr: setting<{ host: string; port: number } | null>({
    env: ['NOTIFIER_SMTP_SENDER_ADDR'],
    help: 'SMTP relay as host:port; unset turns e-mail off',
    parse: asHostPort,
    default: null,
  }),
  smtpUser: setting<string | null>({
    env: ['NOTIFIER_SMTP_SENDER_USER'],
    help: 'SMTP user (AUTH is used when set)',
    parse: asText,
    default: null,
  }),
  smtpPass: setting<string | null>({
    env: ['NOTIFIER_SMTP_SENDER_PASS'],
    help: 'SMTP password',
    parse: asText,
    default: null,
  }),
  smtpFrom: setting<string | null>({
    env: ['NOTIFIER_SMTP_SENDER_FROM'],
    help: 'sender address of e-mails',
    parse: asText,
    default: null,
  }),
  cacheMs: setting({
    env: ['NOTIFIER_CACHE_DURATION'],
    help: 'how long messages are kept for since= and poll=',
    parse: asDuration({ min: 60_000 }),
    default: 12 * 3_600_000,
  }),
  keepaliveMs: setting({
    env: ['NOTIFIER_KEEPALIVE_INTERVAL'],
    help: 'interval of keepalive events on open subscriptions',
    parse: asDuration({ min: 1_000 }),
    default: 45_000,
  }),
  delayLimitMs: setting({
    env: ['NOTIFIER_MESSAGE_DELAY_LIMIT'],
    help: 'longest X-Delay accepted',
    parse: asDuration({ min: 10_000 }),
    default: 3 * 86_400_000,
  }),
  requestBurst: setting({
    env: ['NOTIFIER_VISITOR_REQUEST_LIMIT_BURST'],
    help: 'requests a visitor may make at once',
    parse: asInteger({ min: 1, max: 1_000_000 }),
    default: 60,
  }),
  requestReplenishMs: setting({
    env: ['NOTIFIER_VISITOR_REQUEST_LIMIT_REPLENISH'],
    help: 'one more request per this interval',
    parse: asDuration({ min: 1 }),
    default: 5_000,
  }),
  exemptHosts: setting<readonly string[]>({
    env: ['NOTIFIER_VISITOR_REQUEST_LIMIT_EXEMPT_HOSTS'],
    help: 'comma-separated addresses without a request limit (e.g. the scheduler)',
    parse: asList,
    default: [],
  }),
  emailBurst: setting({
    env: ['NOTIFIER_VISITOR_EMAIL_LIMIT_BURST'],
    help: 'e-mails a visitor may send at once',
    parse: asInteger({ min: 0, max: 1_000_000 }),
    default: 16,
  }),
  emailReplenishMs: setting({
    env: ['NOTIFIER_VISITOR_EMAIL_LIMIT_REPLENISH'],
    help: 'one more e-mail per this interval',
    parse: asDuration({ min: 1 }),
    default: 3_600_000,
  }),
  subscriptionLimit: setting({
    env: ['NOTIFIER_VISITOR_SUBSCRIPTION_LIMIT'],
    help: 'concurrent subscriptions per visitor',
    parse: asInteger({ min: 1, max: 10_000_000 }),
    default: 30,
  }),
  trustedProxies: setting<readonly string[]>({
    env: ['NOTIFIER_TRUSTED_PROXIES'],
    help: 'comma-separated peer addresses whose X-Forwarded-For is trusted (the gateway)',
    parse: asList,
    default: [],
  }),
  webRoot: setting({
    env: ['NOTIFIER_WEB_ROOT'],
    help: 'directory of the built web UI',
    parse: asText,
    default: DEFAULT_WEB_ROOT,
  }),
};

export function readConfig(source: ConfigSource): NotifierConfig {
  const values = loadConfig(spec, source);
  const problems: string[] = [];
  let smtp: SmtpConfig | null = null;
  if (values.smtpAddr !== null) {
    if (values.smtpFrom === null)
      problems.push('NOTIFIER_SMTP_SENDER_FROM: required when NOTIFIER_SMTP_SENDER_ADDR is set');
    if (values.baseUrl === null) problems.push('NOTIFIER_BASE_URL: required when NOTIFIER_SMTP_SENDER_ADDR is set');
    smtp = { ...values.smtpAddr, user: values.smtpUser, pass: values.smtpPass, from: values.smtpFrom ?? '' };
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: values.port,
    host: values.host,
    dataDir: values.dataDir,
    logLevel: values.logLevel,
    baseUrl: values.baseUrl,
    smtp,
    cacheMs: values.cacheMs,
    keepaliveMs: values.keepaliveMs,
    delayLimitMs: values.delayLimitMs,
    visitors: {
      requestBurst: values.requestBurst,
      requestReplenishMs: values.requestReplenishMs,
      emailBurst: values.emailBurst,
      emailReplenishMs: values.emailReplenishMs,
      subscriptionLimit: values.subscriptionLimit,
      exemptHosts: new Set(values.exemptHosts),
    },
    trustedProxies: new Set(values.trustedProxies),
    webRoot: values.webRoot,
    durability: values.durability,
  };
}

function asBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`'${raw}' is not a URL such as https://alerts.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`'${raw}' is not http or https`);
  return raw.replace(/\/+$/, '');
}

function asHostPort(raw: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})$/.exec(raw.trim());
  const port = Number(match?.[2]);
  if (match === null || port < 1 || port > 65_535) throw new Error(`'${raw}' is not host:port`);
  return { host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port };
}
