// viem clients for a local anvil chain, and the one-write-at-a-time queue the contract helpers send through.

import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type Account as ViemAccount,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { anvilAccount } from './anvil-accounts.ts';

/** anvil mines each transaction at once; viem's default 4 s receipt polling made a 10k mint take 116 s (anchor §6). */
export const POLLING_INTERVAL_MS = 50;

/** An anvil default account, by index into ANVIL_ACCOUNTS or by address. */
export type AccountRef = number | Address;

export type LocalWallet = WalletClient<Transport, Chain, ViemAccount>;

/** Sends transactions from anvil's default accounts one at a time, each resolved with its successful receipt. */
export interface Writer {
  readonly chain: Chain;
  readonly reader: PublicClient;
  wallet(ref: AccountRef): LocalWallet;
  /** Queues `send` behind earlier writes; rejects when it throws or its transaction reverts. */
  write(what: string, send: () => Promise<Hash>): Promise<TransactionReceipt>;
}

export async function localChain(rpcUrl: string): Promise<Chain> {
  return { ...foundry, id: await publicClient(rpcUrl).getChainId() };
}

export function publicClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
}

export function walletClient(rpcUrl: string, chain: Chain, ref: AccountRef): LocalWallet {
  return createWalletClient({
    account: privateKeyToAccount(anvilAccount(ref).privateKey),
    chain,
    transport: http(rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
  });
}

export async function confirmed(client: PublicClient, hash: Hash, what: string): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_INTERVAL_MS });
  if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} reverted`);
  return receipt;
}

/** The address a contract created by `receipt`'s deploy transaction lives at, or an error naming `what`. */
export function deployedAddress(receipt: TransactionReceipt, what: string): Address {
  if (receipt.contractAddress == null) {
    throw new Error(`deploy ${what}: receipt ${receipt.transactionHash} has no contract address`);
  }
  return receipt.contractAddress;
}

export function createWriter(rpcUrl: string, chain: Chain): Writer {
  const reader = publicClient(rpcUrl);
  const wallets = new Map<string, LocalWallet>();
  const wallet = (ref: AccountRef) => {
    const key = anvilAccount(ref).address;
    let client = wallets.get(key);
    if (client === undefined) {
      client = walletClient(rpcUrl, chain, ref);
      wallets.set(key, client);
    }
    return client;
  };

  // One write at a time: each fetches its account's nonce, so two in flight from one account would collide.
  let tail: Promise<unknown> = Promise.resolve();
  const write = (what: string, send: () => Promise<Hash>): Promise<TransactionReceipt> => {
    const run = tail.then(async () => confirmed(reader, await send(), what));
    // The queue only needs to know the write finished; its error reaches the caller through `run`.
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  return { chain, reader, wallet, write };
}
