// The alert settings as a signal shared by every page, saved to localStorage on each change.

import { type Accessor, createSignal } from 'solid-js';
import { type AlertSettings, loadAlertSettings, saveAlertSettings } from './alert-settings.ts';
import type { DappEnv } from './env.ts';

export interface SettingsStore {
  readonly settings: Accessor<AlertSettings>;
  save(settings: AlertSettings): void;
  /** Whether the settings panel is open (any page can open it). */
  readonly open: Accessor<boolean>;
  setOpen(open: boolean): void;
}

export function createSettingsStore(env: DappEnv): SettingsStore {
  const [settings, setSettings] = createSignal(loadAlertSettings(env.storage, env.config));
  const [open, setOpen] = createSignal(false);
  return {
    settings,
    save(next) {
      saveAlertSettings(env.storage, next);
      setSettings(next);
    },
    open,
    setOpen,
  };
}
