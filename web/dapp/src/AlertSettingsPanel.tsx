// The alert settings (the seed's table) in a side panel any page can open: edit, save, send a test.

import { createEffect, createSignal, For, Show } from 'solid-js';
import { type AlertSettings, alertSettingsProblems } from './lib/alert-settings.ts';
import { useStores } from './lib/stores-context.ts';
import { TestAlertActions } from './TestAlertActions.tsx';

type TextField = 'server' | 'topic' | 'email' | 'schedulerUrl' | 'schedulerApiKey';

const FIELDS: readonly { name: TextField; label: string; hint: string; type: string }[] = [
  { name: 'server', label: 'Notifier server', hint: 'Path or URL of the notifier, e.g. /notifier', type: 'text' },
  { name: 'topic', label: 'Topic', hint: 'Subscribe to this topic in the notifier app to get alerts', type: 'text' },
  { name: 'email', label: 'E-mail (optional)', hint: 'Alerts are also e-mailed here', type: 'email' },
  { name: 'schedulerUrl', label: 'Scheduler URL', hint: 'Path or URL of the scheduler, e.g. /scheduler', type: 'text' },
  { name: 'schedulerApiKey', label: 'Scheduler API key', hint: 'Must match the scheduler’s key', type: 'password' },
];

export function AlertSettingsPanel() {
  const { settings } = useStores();
  const [draft, setDraft] = createSignal<AlertSettings>(settings.settings());
  const [saved, setSaved] = createSignal(false);
  createEffect(() => {
    if (settings.open()) {
      setDraft(settings.settings());
      setSaved(false);
    }
  });
  const problems = () => alertSettingsProblems(draft());
  const update = (name: TextField, value: string) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [name]: value.trim() }));
  };
  const save = (event: SubmitEvent) => {
    event.preventDefault();
    if (Object.keys(problems()).length > 0) return;
    settings.save(draft());
    setSaved(true);
  };
  return (
    <Show when={settings.open()}>
      <div class="scrim" onClick={() => settings.setOpen(false)} aria-hidden="true" />
      <aside class="drawer" role="dialog" aria-modal="true" aria-labelledby="alert-settings-title">
        <header class="drawer-head">
          <h2 id="alert-settings-title">Alert settings</h2>
          <button type="button" class="icon-button" aria-label="Close" onClick={() => settings.setOpen(false)}>
            ×
          </button>
        </header>
        <p class="muted small">Kept in this browser only. Alerts are published to the notifier topic below.</p>
        <form class="settings-form" onSubmit={save} novalidate>
          <label class="field">
            <span class="field-label">Provider</span>
            <select name="provider" disabled>
              <option value="notifier">Notifier</option>
            </select>
          </label>
          <For each={FIELDS}>
            {(field) => (
              <label class="field">
                <span class="field-label">{field.label}</span>
                <input
                  name={field.name}
                  type={field.type}
                  value={draft()[field.name]}
                  spellcheck={false}
                  autocomplete="off"
                  aria-invalid={problems()[field.name] !== undefined}
                  onInput={(event) => update(field.name, event.currentTarget.value)}
                />
                <Show when={problems()[field.name]} fallback={<span class="field-hint">{field.hint}</span>}>
                  {(message) => <span class="field-problem">{message()}</span>}
                </Show>
              </label>
            )}
          </For>
          <div class="drawer-actions">
            <button type="submit" class="button primary" disabled={Object.keys(problems()).length > 0}>
              Save settings
            </button>
            <Show when={saved()}>
              <span class="saved" role="status">
                Saved
              </span>
            </Show>
          </div>
        </form>
        <TestAlertActions settings={draft()} />
      </aside>
    </Show>
  );
}
