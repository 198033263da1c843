// Whose positions the page shows: a connected wallet (injected or WalletConnect) or a watch-only address.

import { type Accessor, createSignal } from 'solid-js';
import type { Address } from 'viem';
import { checkAddress } from './address.ts';
import type { DappEnv } from './env.ts';
import { errorText } from './service-error.ts';
import type { WalletConnectSession } from './wallet-connect.ts';
import { type AnnouncedWallet, discoverWallets, isEip1193Provider } from './wallet-discovery.ts';
import { firstAccount, requestAccount } from './wallet-request.ts';

export interface Connection {
  readonly kind: 'injected' | 'walletconnect';
  readonly walletName: string;
  readonly address: Address;
}

export interface AccountStore {
  /** Wallets found through EIP-6963 (or a lone `window.ethereum`). */
  readonly wallets: Accessor<readonly AnnouncedWallet[]>;
  readonly connection: Accessor<Connection | null>;
  readonly watched: Accessor<Address | null>;
  /** The address whose positions are shown: the connected one first, else the watched one. */
  readonly active: Accessor<Address | null>;
  /** The wallet (uuid, or `walletconnect`) being connected right now. */
  readonly connecting: Accessor<string | null>;
  readonly error: Accessor<string | null>;
  readonly walletConnectAvailable: boolean;
  start(): () => void;
  connect(wallet: AnnouncedWallet): Promise<void>;
  connectWalletConnect(): Promise<void>;
  disconnect(): void;
  watch(address: Address): void;
  unwatch(): void;
}

const WATCHED_KEY = 'keel.dapp.watch-address';
/** The rdns of the last wallet connected, to reconnect silently (`eth_accounts`) on the next visit. */
const LAST_WALLET_KEY = 'keel.dapp.last-wallet';
const LEGACY_UUID = 'window.ethereum';

export function createAccountStore(env: DappEnv): AccountStore {
  const stored = env.storage.getItem(WATCHED_KEY);
  const storedCheck = stored === null ? null : checkAddress(stored);
  const [wallets, setWallets] = createSignal<readonly AnnouncedWallet[]>([]);
  const [connection, setConnection] = createSignal<Connection | null>(null);
  const [watched, setWatched] = createSignal<Address | null>(storedCheck?.ok ? storedCheck.address : null);
  const [connecting, setConnecting] = createSignal<string | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  let stopSession: (() => void) | null = null;

  const follow = (wallet: AnnouncedWallet, address: Address) => {
    stopSession?.();
    setConnection({ kind: 'injected', walletName: wallet.info.name, address });
    const onAccounts = (accounts: unknown) => {
      const next = firstAccount(accounts);
      setConnection(next === null ? null : { kind: 'injected', walletName: wallet.info.name, address: next });
    };
    wallet.provider.on?.('accountsChanged', onAccounts as (...args: never[]) => void);
    stopSession = () => wallet.provider.removeListener?.('accountsChanged', onAccounts as (...args: never[]) => void);
  };

  const reconnectSilently = async (wallet: AnnouncedWallet) => {
    try {
      const address = firstAccount(await wallet.provider.request({ method: 'eth_accounts' }));
      if (address !== null && connection() === null) follow(wallet, address);
    } catch (cause) {
      console.warn(`dapp: could not reconnect ${wallet.info.name}`, cause);
    }
  };

  const add = (wallet: AnnouncedWallet) => {
    setWallets((list) => [...list.filter((known) => known.info.uuid !== wallet.info.uuid), wallet]);
    if (wallet.info.rdns !== '' && wallet.info.rdns === env.storage.getItem(LAST_WALLET_KEY)) {
      void reconnectSilently(wallet);
    }
  };

  return {
    wallets,
    connection,
    watched,
    active: () => connection()?.address ?? watched(),
    connecting,
    error,
    walletConnectAvailable: env.walletConnect !== null,
    start() {
      const stop = discoverWallets(env.walletEvents, add);
      // A wallet that injects window.ethereum without EIP-6963 still deserves a button.
      if (isEip1193Provider(env.legacyProvider)) {
        const legacy = env.legacyProvider;
        queueMicrotask(() => {
          if (wallets().length === 0) {
            add({ info: { uuid: LEGACY_UUID, name: 'Browser wallet', icon: '', rdns: LEGACY_UUID }, provider: legacy });
          }
        });
      }
      return () => {
        stop();
        stopSession?.();
      };
    },
    async connect(wallet) {
      setError(null);
      setConnecting(wallet.info.uuid);
      try {
        follow(wallet, await requestAccount(wallet.provider, wallet.info.name));
        if (wallet.info.rdns !== '') env.storage.setItem(LAST_WALLET_KEY, wallet.info.rdns);
      } catch (cause) {
        setError(errorText(cause));
      } finally {
        setConnecting(null);
      }
    },
    async connectWalletConnect() {
      const open = env.walletConnect;
      if (open === null) return;
      setError(null);
      setConnecting('walletconnect');
      try {
        stopSession?.();
        const session: WalletConnectSession = await open((address) =>
          setConnection(address === null ? null : { kind: 'walletconnect', walletName: 'WalletConnect', address }),
        );
        setConnection({ kind: 'walletconnect', walletName: 'WalletConnect', address: session.address });
        stopSession = () => void session.disconnect();
      } catch (cause) {
        setError(`WalletConnect could not connect: ${errorText(cause)}`);
      } finally {
        setConnecting(null);
      }
    },
    disconnect() {
      stopSession?.();
      stopSession = null;
      setConnection(null);
      env.storage.removeItem(LAST_WALLET_KEY);
    },
    watch(address) {
      setWatched(address);
      env.storage.setItem(WATCHED_KEY, address);
    },
    unwatch() {
      setWatched(null);
      env.storage.removeItem(WATCHED_KEY);
    },
  };
}
