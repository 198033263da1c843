// One active alert: its levels, its last reading, and a button to turn it off.

import { createSignal, Show } from 'solid-js';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import { formatHealth } from './lib/health.ts';
import { errorText } from './lib/service-error.ts';
import { deleteWatch, type Watch } from './lib/watches.ts';

export function WatchItem(props: { watch: Watch; onRemoved: () => void }) {
  const env = useEnv();
  const [busy, setBusy] = createSignal(false);
  const [problem, setProblem] = createSignal<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteWatch(env, props.watch.id);
      props.onRemoved();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="watch-item">
      <div class="watch-main">
        <span class={`tag tag-level-${props.watch.level ?? 'pending'}`}>{props.watch.level ?? 'not checked yet'}</span>
        <span>
          Health below <strong>{props.watch.warning}</strong> warns, below <strong>{props.watch.critical}</strong> is
          critical
        </span>
      </div>
      <div class="watch-meta small muted">
        to topic <span class="mono">{props.watch.topic}</span>
        <Show when={props.watch.email}>{(email) => <> and {email()}</>}</Show>
        <Show when={props.watch.lastValue !== null && props.watch.lastCheckedAt !== null}>
          {' '}
          · last reading {formatHealth(props.watch.lastValue)} at{' '}
          {new Date(props.watch.lastCheckedAt ?? 0).toLocaleTimeString()}
        </Show>
      </div>
      <button type="button" class="button small" disabled={busy()} onClick={() => void remove()}>
        {busy() ? 'Turning off…' : 'Turn off'}
      </button>
      <Show when={problem()}>{(message) => <ErrorNote text={message()} />}</Show>
    </li>
  );
}
