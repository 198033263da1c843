// Deploys TestPositions to a local chain and drives it from anvil's default accounts: mint, transfer, burn.

import { join } from 'node:path';
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  type Transport,
  type Account as ViemAccount,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { anvilAccount } from './anvil-accounts.ts';
import { type CompiledContract, compileContract } from './solidity-compiler.ts';
import { testPositionsAbi } from './test-positions-abi.ts';

export const TEST_POSITIONS_SOURCE = join(import.meta.dir, '..', 'contracts', 'TestPositions.sol');

/** ~27k gas per mint, so a batch is ~8M gas: well under anvil's 30M block gas limit, and 34 txs for 10,000 ids. */
export const MINT_BATCH_SIZE = 300;

/** anvil mines each transaction at once; viem's default 4 s receipt polling made a 10k mint take 116 s (anchor §6). */
const POLLING_INTERVAL_MS = 50;

export type TokenId = bigint | number;
/** An anvil default account, by index into ANVIL_ACCOUNTS or by address. */
export type AccountRef = number | Address;

/** A deployed TestPositions. Each write waits for its receipt; writes through one handle run one at a time. */
export interface TestPositions {
  readonly address: Address;
  mint(to: Address, id: TokenId): Promise<void>;
  /** Ids `firstId .. firstId + count - 1`, in transactions of MINT_BATCH_SIZE. */
  mintRange(to: Address, firstId: TokenId, count: number): Promise<void>;
  transfer(from: AccountRef, to: Address, id: TokenId): Promise<void>;
  burn(owner: AccountRef, id: TokenId): Promise<void>;
}

export interface TestPositionsOptions {
  /** Index into ANVIL_ACCOUNTS of the account that deploys and mints; 0 by default. */
  readonly deployer?: number;
}

export function compileTestPositions(): Promise<CompiledContract> {
  return compileContract({ sourcePath: TEST_POSITIONS_SOURCE, contractName: 'TestPositions' });
}

export async function deployTestPositions(rpcUrl: string, options: TestPositionsOptions = {}): Promise<TestPositions> {
  const { bytecode } = await compileTestPositions();
  const chain = await localChain(rpcUrl);
  const deployer = walletClient(rpcUrl, chain, options.deployer ?? 0);
  const hash = await deployer.deployContract({ abi: testPositionsAbi, bytecode, chain, account: deployer.account });
  const receipt = await confirmed(publicClient(rpcUrl), hash, 'deploy TestPositions');
  if (receipt.contractAddress == null) throw new Error(`deploy TestPositions: receipt ${hash} has no contract address`);
  return handle(rpcUrl, chain, receipt.contractAddress, options);
}

/** A handle on a TestPositions deployed earlier (e.g. by the dev stack). */
export async function attachTestPositions(
  rpcUrl: string,
  address: Address,
  options: TestPositionsOptions = {},
): Promise<TestPositions> {
  return handle(rpcUrl, await localChain(rpcUrl), address, options);
}

function handle(rpcUrl: string, chain: Chain, address: Address, options: TestPositionsOptions): TestPositions {
  const reader = publicClient(rpcUrl);
  const wallets = new Map<string, WalletClient<Transport, Chain, ViemAccount>>();
  const wallet = (ref: AccountRef) => {
    const key = anvilAccount(ref).address;
    let client = wallets.get(key);
    if (client === undefined) {
      client = walletClient(rpcUrl, chain, ref);
      wallets.set(key, client);
    }
    return client;
  };
  const minter = options.deployer ?? 0;

  // One write at a time: each fetches its account's nonce, so two in flight from one account would collide.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = (what: string, send: () => Promise<Hash>): Promise<void> => {
    const run = tail.then(async () => {
      await confirmed(reader, await send(), what);
    });
    // The queue only needs to know the write finished; its error reaches the caller through `run`.
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  return {
    address: getAddress(address),
    mint: (to, id) =>
      serial(`mint ${id}`, () =>
        wallet(minter).writeContract({ address, abi: testPositionsAbi, functionName: 'mint', args: [to, BigInt(id)] }),
      ),
    mintRange: async (to, firstId, count) => {
      const first = BigInt(firstId);
      for (let done = 0; done < count; done += MINT_BATCH_SIZE) {
        const size = Math.min(MINT_BATCH_SIZE, count - done);
        const start = first + BigInt(done);
        await serial(`mintRange ${start}+${size}`, () =>
          wallet(minter).writeContract({
            address,
            abi: testPositionsAbi,
            functionName: 'mintRange',
            args: [to, start, BigInt(size)],
          }),
        );
      }
    },
    transfer: (from, to, id) =>
      serial(`transfer ${id}`, () => {
        const sender = wallet(from);
        return sender.writeContract({
          address,
          abi: testPositionsAbi,
          functionName: 'transferFrom',
          args: [sender.account.address, to, BigInt(id)],
        });
      }),
    burn: (owner, id) =>
      serial(`burn ${id}`, () =>
        wallet(owner).writeContract({ address, abi: testPositionsAbi, functionName: 'burn', args: [BigInt(id)] }),
      ),
  };
}

async function localChain(rpcUrl: string): Promise<Chain> {
  return { ...foundry, id: await publicClient(rpcUrl).getChainId() };
}

function publicClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
}

function walletClient(rpcUrl: string, chain: Chain, ref: AccountRef): WalletClient<Transport, Chain, ViemAccount> {
  return createWalletClient({
    account: privateKeyToAccount(anvilAccount(ref).privateKey),
    chain,
    transport: http(rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
  });
}

async function confirmed(client: PublicClient, hash: Hash, what: string) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_INTERVAL_MS });
  if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} reverted`);
  return receipt;
}
