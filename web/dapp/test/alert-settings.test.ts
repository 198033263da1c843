import { describe, expect, test } from 'bun:test';
import {
  ALERT_SETTINGS_KEY,
  type AlertSettings,
  alertSettingsProblems,
  defaultAlertSettings,
  loadAlertSettings,
  saveAlertSettings,
} from '../src/lib/alert-settings.ts';
import type { KeyValueStorage } from '../src/lib/env.ts';
import { config } from './config-fixture.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const saved: AlertSettings = {
  provider: 'notifier',
  server: 'https://ntfy.example.org',
  topic: 'my-loans',
  email: 'me@example.org',
  scheduler: 'scheduler',
  schedulerUrl: 'https://scheduler.example.org',
  schedulerApiKey: 'k',
};

describe('alert settings storage', () => {
  test('defaults follow the seed and the runtime config', () => {
    expect(loadAlertSettings(memoryStorage(), config())).toEqual({
      provider: 'notifier',
      server: '/notifier',
      topic: '',
      email: '',
      scheduler: 'scheduler',
      schedulerUrl: '/scheduler',
      schedulerApiKey: 'sched-key',
    });
  });

  test('round-trips through localStorage under one key', () => {
    const storage = memoryStorage();
    saveAlertSettings(storage, saved);
    expect([...storage.map.keys()]).toEqual([ALERT_SETTINGS_KEY]);
    expect(loadAlertSettings(storage, config())).toEqual(saved);
  });

  test('keeps defaults for missing fields and ignores unreadable JSON', () => {
    const partial = memoryStorage({ [ALERT_SETTINGS_KEY]: '{"topic":"t1","server":""}' });
    expect(loadAlertSettings(partial, config())).toEqual({ ...defaultAlertSettings(config()), topic: 't1' });
    const broken = memoryStorage({ [ALERT_SETTINGS_KEY]: '{oops' });
    expect(loadAlertSettings(broken, config())).toEqual(defaultAlertSettings(config()));
  });

  test('checks topic and e-mail', () => {
    expect(alertSettingsProblems({ ...saved, topic: 'has space', email: 'nope' })).toEqual({
      topic: 'Use up to 64 letters, digits, “-” or “_”.',
      email: 'This does not look like an e-mail address.',
    });
    expect(alertSettingsProblems(saved)).toEqual({});
  });
});
