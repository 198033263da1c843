// A fresh anvil with Multicall3 and a TestPositions contract, and the ledger of who should own what.

import { ANVIL_ACCOUNTS, deployTestPositions, ensureMulticall3, startAnvil, type TestPositions } from '@keel/devchain';
import { getAddress } from 'viem';
import type { ContractEntry } from '../../src/contracts-file.ts';

export const WALLETS = ANVIL_ACCOUNTS.slice(1, 6).map((account) => getAddress(account.address));

export interface TestChain extends AsyncDisposable {
  readonly rpcUrl: string;
  readonly positions: TestPositions;
  /** Expected owner per token id, kept in step with every write made through this fixture. */
  readonly owners: Map<bigint, `0x${string}`>;
  entry(maxTokenId: bigint, key?: string): ContractEntry;
  mintRange(to: `0x${string}`, first: bigint, count: number): Promise<void>;
  transfer(from: `0x${string}`, to: `0x${string}`, id: bigint): Promise<void>;
  burn(owner: `0x${string}`, id: bigint): Promise<void>;
  /** Token ids `wallet` should hold, as the API returns them. */
  expected(wallet: `0x${string}`): string[];
}

export async function startChain(): Promise<TestChain> {
  const anvil = await startAnvil();
  await ensureMulticall3(anvil.rpcUrl);
  const positions = await deployTestPositions(anvil.rpcUrl);
  const owners = new Map<bigint, `0x${string}`>();
  return {
    rpcUrl: anvil.rpcUrl,
    positions,
    owners,
    entry: (maxTokenId, key = 'positions') => ({ key, network: 'base', address: positions.address, maxTokenId }),
    async mintRange(to, first, count) {
      await positions.mintRange(to, first, count);
      for (let i = 0n; i < BigInt(count); i++) owners.set(first + i, to);
    },
    async transfer(from, to, id) {
      await positions.transfer(from, to, id);
      owners.set(id, to);
    },
    async burn(owner, id) {
      await positions.burn(owner, id);
      owners.delete(id);
    },
    expected(wallet) {
      return [...owners]
        .filter(([, owner]) => owner === wallet)
        .map(([id]) => id)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map(String);
    },
    [Symbol.asyncDispose]: () => anvil.stop(),
  };
}
