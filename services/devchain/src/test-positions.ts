// Deploys TestPositions to a local chain and drives it from anvil's default accounts: mint, transfer, burn.

import { join } from 'node:path';
import { type Address, type Chain, getAddress } from 'viem';
import { type AccountRef, createWriter, deployedAddress, localChain } from './local-chain.ts';
import { type CompiledContract, compileContract } from './solidity-compiler.ts';
import { testPositionsAbi } from './test-positions-abi.ts';

export type { AccountRef } from './local-chain.ts';

export const TEST_POSITIONS_SOURCE = join(import.meta.dir, '..', 'contracts', 'TestPositions.sol');

/** ~27k gas per mint, so a batch is ~8M gas: well under anvil's 30M block gas limit, and 34 txs for 10,000 ids. */
export const MINT_BATCH_SIZE = 300;

export type TokenId = bigint | number;

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
  const writer = createWriter(rpcUrl, chain);
  const deployer = writer.wallet(options.deployer ?? 0);
  const receipt = await writer.write('deploy TestPositions', () =>
    deployer.deployContract({ abi: testPositionsAbi, bytecode, chain, account: deployer.account }),
  );
  return handle(rpcUrl, chain, deployedAddress(receipt, 'TestPositions'), options);
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
  const { wallet, write } = createWriter(rpcUrl, chain);
  const minter = options.deployer ?? 0;
  const serial = async (what: string, send: Parameters<typeof write>[1]): Promise<void> => {
    await write(what, send);
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
