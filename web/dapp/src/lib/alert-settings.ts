// The alert settings of the seed's table, kept in localStorage: where alerts go and how tests are sent.

import type { KeyValueStorage } from './env.ts';
import type { RuntimeConfig } from './runtime-config.ts';

export interface AlertSettings {
  /** The only provider: the notifier. */
  readonly provider: 'notifier';
  /** Base path or URL of the notifier. */
  readonly server: string;
  readonly topic: string;
  /** `''` when alerts should not also be e-mailed. */
  readonly email: string;
  /** The only scheduler: the scheduler service. */
  readonly scheduler: 'scheduler';
  readonly schedulerUrl: string;
  readonly schedulerApiKey: string;
}

export const ALERT_SETTINGS_KEY = 'keel.dapp.alert-settings';

/** ntfy's topic rule: letters, digits, `_` and `-`, at most 64. */
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function defaultAlertSettings(config: RuntimeConfig): AlertSettings {
  return {
    provider: 'notifier',
    server: config.notifierUrl,
    topic: '',
    email: '',
    scheduler: 'scheduler',
    schedulerUrl: config.schedulerUrl,
    schedulerApiKey: config.schedulerApiKey ?? '',
  };
}

/** Stored settings over the defaults; a missing or unreadable field keeps its default. */
export function loadAlertSettings(storage: KeyValueStorage, config: RuntimeConfig): AlertSettings {
  const defaults = defaultAlertSettings(config);
  const text = storage.getItem(ALERT_SETTINGS_KEY);
  if (text === null) return defaults;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (error) {
    console.warn('dapp: stored alert settings are not JSON; using the defaults', error);
    return defaults;
  }
  if (typeof stored !== 'object' || stored === null) return defaults;
  const fields = stored as Record<string, unknown>;
  const pick = (name: 'server' | 'topic' | 'email' | 'schedulerUrl' | 'schedulerApiKey'): string => {
    const value = fields[name];
    return typeof value === 'string' ? value : defaults[name];
  };
  return {
    provider: 'notifier',
    server: pick('server') || defaults.server,
    topic: pick('topic'),
    email: pick('email'),
    scheduler: 'scheduler',
    schedulerUrl: pick('schedulerUrl') || defaults.schedulerUrl,
    schedulerApiKey: pick('schedulerApiKey'),
  };
}

export function saveAlertSettings(storage: KeyValueStorage, settings: AlertSettings): void {
  storage.setItem(ALERT_SETTINGS_KEY, JSON.stringify(settings));
}

/** Problems by field name, empty when the settings can be saved. */
export function alertSettingsProblems(settings: AlertSettings): Partial<Record<keyof AlertSettings, string>> {
  const problems: Partial<Record<keyof AlertSettings, string>> = {};
  if (settings.server.trim() === '') problems.server = 'Enter the notifier’s address, e.g. /notifier.';
  if (settings.topic !== '' && !TOPIC.test(settings.topic)) {
    problems.topic = 'Use up to 64 letters, digits, “-” or “_”.';
  }
  if (settings.email !== '' && !EMAIL.test(settings.email))
    problems.email = 'This does not look like an e-mail address.';
  if (settings.schedulerUrl.trim() === '') problems.schedulerUrl = 'Enter the scheduler’s address, e.g. /scheduler.';
  return problems;
}
