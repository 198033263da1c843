// A short-lived confirmation at the bottom of the page, read out by screen readers.

import { createEffect, onCleanup, Show } from 'solid-js';
import { useEnv } from './lib/env-context.ts';

/** Long enough to read a short sentence, short enough not to cover the feed for long. */
const TOAST_VISIBLE_MS = 4000;

export function Toast(props: { text: string | null; onDismiss: () => void }) {
  const env = useEnv();
  createEffect(() => {
    if (props.text === null) return;
    const cancel = env.schedule(TOAST_VISIBLE_MS, () => props.onDismiss());
    onCleanup(cancel);
  });
  return (
    <div class="toast-region" aria-live="polite">
      <Show when={props.text}>{(text) => <p class="toast">{text()}</p>}</Show>
    </div>
  );
}
