// Asks for permission to show desktop notifications, or says how they stand.

import { createSignal, Match, Switch } from 'solid-js';
import { useEnv } from './lib/env-context.ts';

export function NotificationToggle() {
  const env = useEnv();
  const [permission, setPermission] = createSignal(env.notifications.permission());
  const ask = async () => setPermission(await env.notifications.request());
  return (
    <div class="desktop-notifications">
      <Switch>
        <Match when={permission() === 'default'}>
          <button type="button" class="quiet wide" onClick={() => void ask()}>
            Enable desktop notifications
          </button>
        </Match>
        <Match when={permission() === 'granted'}>
          <p class="hint">Desktop notifications are on for new messages.</p>
        </Match>
        <Match when={permission() === 'denied'}>
          <p class="hint">Desktop notifications are blocked; allow them in this site's browser settings.</p>
        </Match>
      </Switch>
    </div>
  );
}
