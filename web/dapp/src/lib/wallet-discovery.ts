// EIP-6963 multi-wallet discovery: listen for `eip6963:announceProvider`, then ask with `eip6963:requestProvider`.

/** The EIP-1193 surface the dapp uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): void;
  removeListener?(event: string, listener: (...args: never[]) => void): void;
}

/** EIP-6963 §"Provider Info". */
export interface WalletInfo {
  readonly uuid: string;
  readonly name: string;
  /** A data URI (EIP-6963 requires one); shown as the wallet's icon. */
  readonly icon: string;
  readonly rdns: string;
}

export interface AnnouncedWallet {
  readonly info: WalletInfo;
  readonly provider: Eip1193Provider;
}

export const ANNOUNCE_EVENT = 'eip6963:announceProvider';
export const REQUEST_EVENT = 'eip6963:requestProvider';

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}

function announced(event: Event): AnnouncedWallet | null {
  const detail: unknown = (event as CustomEvent).detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: Partial<WalletInfo>; provider?: unknown };
  if (info === undefined || typeof info.uuid !== 'string' || typeof info.name !== 'string') return null;
  if (!isEip1193Provider(provider)) return null;
  return {
    info: {
      uuid: info.uuid,
      name: info.name,
      // Only data URIs: an announced icon is untrusted input (EIP-6963 §"Security considerations").
      icon: typeof info.icon === 'string' && info.icon.startsWith('data:image/') ? info.icon : '',
      rdns: typeof info.rdns === 'string' ? info.rdns : '',
    },
    provider,
  };
}

/** Calls `onWallet` for each wallet that announces itself, now or later; the returned function stops listening. */
export function discoverWallets(target: EventTarget, onWallet: (wallet: AnnouncedWallet) => void): () => void {
  const listener = (event: Event) => {
    const wallet = announced(event);
    if (wallet !== null) onWallet(wallet);
  };
  target.addEventListener(ANNOUNCE_EVENT, listener);
  target.dispatchEvent(new Event(REQUEST_EVENT));
  return () => target.removeEventListener(ANNOUNCE_EVENT, listener);
}
