// The top bar: name, navigation, who is being watched, and the alert settings button.

import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { shortAddress } from './lib/address.ts';
import { useStores } from './lib/stores-context.ts';

export function Header() {
  const { account, settings } = useStores();
  return (
    <header class="header">
      <A href="/" class="brand" end>
        <span class="brand-mark" aria-hidden="true" />
        Keel
      </A>
      <nav class="nav">
        <A href="/" end>
          Home
        </A>
        <A href="/dapp">Positions</A>
      </nav>
      <div class="header-end">
        <Show when={account.active()}>
          {(address) => (
            <span class="account-chip" title={address()}>
              <span class={account.connection() === null ? 'dot dot-watch' : 'dot dot-live'} aria-hidden="true" />
              {account.connection() === null ? 'Watching ' : ''}
              {shortAddress(address())}
            </span>
          )}
        </Show>
        <button type="button" class="button" onClick={() => settings.setOpen(true)}>
          Alert settings
        </button>
      </div>
    </header>
  );
}
