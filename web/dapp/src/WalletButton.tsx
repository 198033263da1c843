// One discovered wallet: its icon and name; click to connect.

import { Show } from 'solid-js';
import type { AnnouncedWallet } from './lib/wallet-discovery.ts';

export function WalletButton(props: { wallet: AnnouncedWallet; busy: boolean; onConnect: () => void }) {
  return (
    <button type="button" class="wallet-button" disabled={props.busy} onClick={() => props.onConnect()}>
      <Show when={props.wallet.info.icon} fallback={<span class="wallet-icon wallet-icon-blank" aria-hidden="true" />}>
        {(icon) => <img class="wallet-icon" src={icon()} alt="" />}
      </Show>
      <span>{props.busy ? `Connecting ${props.wallet.info.name}…` : props.wallet.info.name}</span>
    </button>
  );
}
