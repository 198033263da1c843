// Every page's frame: the header, the page, and the alert settings panel any page can open.

import { onCleanup, onMount, type ParentProps } from 'solid-js';
import { AlertSettingsPanel } from './AlertSettingsPanel.tsx';
import { Header } from './Header.tsx';
import { useStores } from './lib/stores-context.ts';

export function Layout(props: ParentProps) {
  const { account } = useStores();
  onMount(() => onCleanup(account.start()));
  return (
    <div class="app">
      <Header />
      <main class="page">{props.children}</main>
      <AlertSettingsPanel />
      <footer class="footer">
        Read-only: this app never asks your wallet to sign or send anything. Figures come straight from the chain.
      </footer>
    </div>
  );
}
