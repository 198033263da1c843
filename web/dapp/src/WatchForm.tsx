// Turning on a health alert for a position: a warning and a critical level, sent where Alert settings say.

import { createSignal, Show } from 'solid-js';
import type { Address } from 'viem';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import type { Preset } from './lib/runtime-config.ts';
import { errorText } from './lib/service-error.ts';
import { useStores } from './lib/stores-context.ts';
import { createWatch, type Watch, type WatchDraft, watchDraftProblem } from './lib/watches.ts';

/** Amber starts at 1.2 on the health scale; 1.05 leaves a last moment before liquidation at 1.0. */
const DEFAULT_WARNING = '1.2';
const DEFAULT_CRITICAL = '1.05';

export function WatchForm(props: {
  chain: string;
  preset: Preset;
  id: string;
  owner: Address;
  onCreated: (watch: Watch) => void;
}) {
  const env = useEnv();
  const { settings } = useStores();
  const [warning, setWarning] = createSignal(DEFAULT_WARNING);
  const [critical, setCritical] = createSignal(DEFAULT_CRITICAL);
  const [label, setLabel] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [problem, setProblem] = createSignal<string | null>(null);
  const [created, setCreated] = createSignal<Watch | null>(null);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const alertSettings = settings.settings();
    const draft: WatchDraft = {
      chain: props.chain,
      preset: props.preset.key,
      id: props.id,
      owner: props.owner,
      label: label().trim() || `${props.preset.key} #${props.id}`,
      metric: 'health',
      warning: Number(warning()),
      critical: Number(critical()),
      topic: alertSettings.topic,
      email: alertSettings.email === '' ? null : alertSettings.email,
    };
    const invalid = watchDraftProblem(draft);
    setProblem(invalid);
    setCreated(null);
    if (invalid !== null) return;
    setBusy(true);
    try {
      const watch = await createWatch(env, draft);
      setCreated(watch);
      props.onCreated(watch);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="watch-create" onSubmit={(event) => void submit(event)} novalidate>
      <h3>Add an alert</h3>
      <div class="form-row">
        <label class="field">
          <span class="field-label">Metric</span>
          <select name="metric" disabled>
            <option value="health">Health</option>
          </select>
        </label>
        <label class="field">
          <span class="field-label">Warn below</span>
          <input
            name="warning"
            type="number"
            step="0.01"
            min="0"
            value={warning()}
            onInput={(event) => setWarning(event.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span class="field-label">Critical below</span>
          <input
            name="critical"
            type="number"
            step="0.01"
            min="0"
            value={critical()}
            onInput={(event) => setCritical(event.currentTarget.value)}
          />
        </label>
        <label class="field grow">
          <span class="field-label">Label (optional)</span>
          <input
            name="label"
            placeholder={`${props.preset.key} #${props.id}`}
            value={label()}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
        </label>
      </div>
      <p class="small muted">
        <Show
          when={settings.settings().topic !== '' || settings.settings().email !== ''}
          fallback={<>Alerts need a destination: </>}
        >
          Alerts go to topic <span class="mono">{settings.settings().topic || '—'}</span>
          <Show when={settings.settings().email}>{(email) => <> and {email()}</>}</Show>.{' '}
        </Show>
        <button type="button" class="link-button" onClick={() => settings.setOpen(true)}>
          Change in Alert settings
        </button>
      </p>
      <button type="submit" class="button primary" disabled={busy()}>
        {busy() ? 'Turning on…' : 'Turn on alert'}
      </button>
      <Show when={problem()}>{(message) => <ErrorNote text={message()} />}</Show>
      <Show when={created()}>
        {(watch) => (
          <p class="note note-ok" role="status">
            Alert on: health below {watch().warning} warns, below {watch().critical} is critical (watch {watch().id}).
          </p>
        )}
      </Show>
    </form>
  );
}
