// "Send test alert", directly (arrives now) or through the scheduler (arrives in about 2 minutes).

import { createSignal, Show } from 'solid-js';
import { ErrorNote } from './ErrorNote.tsx';
import type { AlertSettings } from './lib/alert-settings.ts';
import { useEnv } from './lib/env-context.ts';
import { errorText } from './lib/service-error.ts';
import { sendDirectTest, sendSchedulerTest } from './lib/test-alert.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

export function TestAlertActions(props: { settings: AlertSettings }) {
  const env = useEnv();
  const [busy, setBusy] = createSignal<'direct' | 'scheduler' | null>(null);
  const [outcome, setOutcome] = createSignal<Outcome | null>(null);
  const run = async (kind: 'direct' | 'scheduler') => {
    setBusy(kind);
    setOutcome(null);
    try {
      if (kind === 'direct') {
        await sendDirectTest(env, props.settings);
        setOutcome({ ok: true, text: `Test alert sent to “${props.settings.topic}”. It should arrive now.` });
      } else {
        const at = await sendSchedulerTest(env, props.settings);
        setOutcome({
          ok: true,
          text: `Test alert scheduled: it will arrive at about ${at.toLocaleTimeString()} (in 2 minutes).`,
        });
      }
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section class="test-alert">
      <h3>Send test alert</h3>
      <div class="test-buttons">
        <button type="button" class="button" disabled={busy() !== null} onClick={() => void run('direct')}>
          {busy() === 'direct' ? 'Sending…' : 'Send now'}
        </button>
        <button type="button" class="button" disabled={busy() !== null} onClick={() => void run('scheduler')}>
          {busy() === 'scheduler' ? 'Scheduling…' : 'Send via scheduler'}
        </button>
      </div>
      <Show when={outcome()}>
        {(result) => (
          <Show when={result().ok} fallback={<ErrorNote text={result().text} />}>
            <p class="note note-ok" role="status">
              {result().text}
            </p>
          </Show>
        )}
      </Show>
    </section>
  );
}
