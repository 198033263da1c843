// Asking an injected wallet for its account (`eth_requestAccounts`, EIP-1102), with its refusals in plain words.

import { type Address, getAddress, isAddress } from 'viem';
import type { Eip1193Provider } from './wallet-discovery.ts';

/** EIP-1193 §"Provider Errors" and the de-facto code wallets use for a pending request. */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const REQUEST_PENDING = -32002;

export async function requestAccount(provider: Eip1193Provider, walletName: string): Promise<Address> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    throw new Error(walletRefusal(error, walletName), { cause: error });
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string' || !isAddress(first, { strict: false })) {
    throw new Error(`${walletName} shared no account; unlock it and try again.`);
  }
  return getAddress(first);
}

/** The first account of an `accountsChanged` event, or `null` when the wallet disconnected. */
export function firstAccount(accounts: unknown): Address | null {
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  return typeof first === 'string' && isAddress(first, { strict: false }) ? getAddress(first) : null;
}

function walletRefusal(error: unknown, walletName: string): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === USER_REJECTED) return `You declined the connection in ${walletName}.`;
  if (code === UNAUTHORIZED) return `${walletName} did not allow this site; unlock it and try again.`;
  if (code === REQUEST_PENDING) return `${walletName} already has a connection request open; look for its window.`;
  const message = error instanceof Error ? error.message : String(error);
  return `${walletName} could not connect: ${message}`;
}
