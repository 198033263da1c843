// Choosing whose positions to see: discovered wallets, WalletConnect, or a watch-only address.

import { For, Show } from 'solid-js';
import { ErrorNote } from './ErrorNote.tsx';
import { useStores } from './lib/stores-context.ts';
import { WalletButton } from './WalletButton.tsx';
import { WatchAddressForm } from './WatchAddressForm.tsx';

export function AccountPanel() {
  const { account } = useStores();
  return (
    <section class="card account-panel" aria-label="Wallet">
      <Show
        when={account.connection()}
        fallback={
          <>
            <h2 class="card-title">Connect a wallet</h2>
            <div class="wallet-list">
              <For each={account.wallets()}>
                {(wallet) => (
                  <WalletButton
                    wallet={wallet}
                    busy={account.connecting() === wallet.info.uuid}
                    onConnect={() => void account.connect(wallet)}
                  />
                )}
              </For>
              <Show when={account.walletConnectAvailable}>
                <button
                  type="button"
                  class="wallet-button"
                  disabled={account.connecting() === 'walletconnect'}
                  onClick={() => void account.connectWalletConnect()}
                >
                  <span class="wallet-icon wallet-icon-wc" aria-hidden="true" />
                  <span>{account.connecting() === 'walletconnect' ? 'Opening WalletConnect…' : 'WalletConnect'}</span>
                </button>
              </Show>
              <Show when={account.wallets().length === 0 && !account.walletConnectAvailable}>
                <p class="muted small">No browser wallet found. Install one, or watch an address below.</p>
              </Show>
            </div>
          </>
        }
      >
        {(connection) => (
          <div class="connected">
            <div>
              <h2 class="card-title">Connected with {connection().walletName}</h2>
              <p class="mono">{connection().address}</p>
            </div>
            <button type="button" class="button" onClick={() => account.disconnect()}>
              Disconnect
            </button>
          </div>
        )}
      </Show>
      <Show when={account.error()}>{(message) => <ErrorNote text={message()} />}</Show>
      <WatchAddressForm />
      <Show when={account.connection() === null && account.watched()}>
        {(address) => (
          <p class="watching small">
            Watching <span class="mono">{address()}</span> read-only.{' '}
            <button type="button" class="link-button" onClick={() => account.unwatch()}>
              Stop watching
            </button>
          </p>
        )}
      </Show>
    </section>
  );
}
