// Deploys the reference lending protocol (RefPositions + RefLending) to a local chain and drives it from anvil's accounts.

import { join } from 'node:path';
import { type Address, type Chain, getAddress, getContractAddress, parseEventLogs, zeroAddress } from 'viem';
import { type AccountRef, createWriter, deployedAddress, localChain } from './local-chain.ts';
import { refLendingAbi } from './ref-lending-abi.ts';
import { refPositionsAbi } from './ref-positions-abi.ts';
import { type CompiledContract, compileContract } from './solidity-compiler.ts';

export const REF_POSITIONS_SOURCE = join(import.meta.dir, '..', 'contracts', 'RefPositions.sol');
export const REF_LENDING_SOURCE = join(import.meta.dir, '..', 'contracts', 'RefLending.sol');

/** 1 collateral = 2000 debt (ETH/USD-like), so demo amounts such as 1 collateral against 1000 debt read naturally. */
export const REF_DEFAULT_PRICE = 2000n * 10n ** 18n;
/** 85%, a typical liquidation threshold for a blue-chip collateral (Fluid's ETH vaults use 8500 too). */
export const REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS = 8500n;

export interface RefLendingOptions {
  /** Index into ANVIL_ACCOUNTS of the account that deploys and may set the price; 0 by default. */
  readonly deployer?: number;
  /** Debt units per collateral unit, scaled by 1e18; REF_DEFAULT_PRICE by default. Only used when deploying. */
  readonly price?: bigint;
  /** REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS by default. Only used when deploying. */
  readonly liquidationThresholdBps?: bigint;
}

/** What RefLending.position returns for an open position; amounts have 18 decimals, price is scaled by 1e18. */
export interface RefPosition {
  readonly owner: Address;
  readonly collateral: bigint;
  readonly debt: bigint;
  readonly price: bigint;
  readonly liquidationThresholdBps: bigint;
}

/** A deployed RefLending and its RefPositions. Each write waits for its receipt; writes run one at a time. */
export interface RefLending {
  readonly lending: Address;
  readonly positions: Address;
  /** Opens a position for `account`, which receives the NFT; resolves with its id, read from the Opened event. */
  open(account: AccountRef, collateral: bigint, debt: bigint): Promise<bigint>;
  adjust(account: AccountRef, id: bigint, collateral: bigint, debt: bigint): Promise<void>;
  close(account: AccountRef, id: bigint): Promise<void>;
  liquidate(account: AccountRef, id: bigint): Promise<void>;
  /** Sent by the deployer, the only account the contract lets move the price. */
  setPrice(price: bigint): Promise<void>;
  /** null for an id never opened, closed or liquidated (the contract returns a zero owner for those). */
  read(id: bigint): Promise<RefPosition | null>;
}

export function compileRefPositions(): Promise<CompiledContract> {
  return compileContract({ sourcePath: REF_POSITIONS_SOURCE, contractName: 'RefPositions' });
}

export function compileRefLending(): Promise<CompiledContract> {
  return compileContract({ sourcePath: REF_LENDING_SOURCE, contractName: 'RefLending' });
}

/**
 * Two deploys from one account with pinned nonces: RefPositions first, told RefLending's address in advance (the
 * deployer's CREATE address at the next nonce), then RefLending pointing at it. Both keep the other as an immutable.
 */
export async function deployRefLending(rpcUrl: string, options: RefLendingOptions = {}): Promise<RefLending> {
  const [positionsCode, lendingCode] = await Promise.all([compileRefPositions(), compileRefLending()]);
  const chain = await localChain(rpcUrl);
  const { reader, wallet, write } = createWriter(rpcUrl, chain);
  const deployer = wallet(options.deployer ?? 0);
  const from = deployer.account.address;
  const nonce = await reader.getTransactionCount({ address: from, blockTag: 'pending' });
  const expectedLending = getContractAddress({ from, nonce: BigInt(nonce + 1) });

  const positions = deployedAddress(
    await write('deploy RefPositions', () =>
      deployer.deployContract({
        abi: refPositionsAbi,
        bytecode: positionsCode.bytecode,
        args: [expectedLending],
        nonce,
        chain,
        account: deployer.account,
      }),
    ),
    'RefPositions',
  );
  const lending = deployedAddress(
    await write('deploy RefLending', () =>
      deployer.deployContract({
        abi: refLendingAbi,
        bytecode: lendingCode.bytecode,
        args: [
          positions,
          options.price ?? REF_DEFAULT_PRICE,
          options.liquidationThresholdBps ?? REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS,
        ],
        nonce: nonce + 1,
        chain,
        account: deployer.account,
      }),
    ),
    'RefLending',
  );
  if (getAddress(lending) !== getAddress(expectedLending)) {
    throw new Error(`deploy RefLending: landed at ${lending}, but RefPositions was told ${expectedLending}`);
  }
  return handle(rpcUrl, chain, lending, positions, options);
}

/** A handle on a RefLending deployed earlier (e.g. by the dev stack); its RefPositions is read from the chain. */
export async function attachRefLending(
  rpcUrl: string,
  lending: Address,
  options: Pick<RefLendingOptions, 'deployer'> = {},
): Promise<RefLending> {
  const chain = await localChain(rpcUrl);
  const { reader } = createWriter(rpcUrl, chain);
  const positions = await reader.readContract({ address: lending, abi: refLendingAbi, functionName: 'positionsNft' });
  return handle(rpcUrl, chain, lending, positions, options);
}

function handle(
  rpcUrl: string,
  chain: Chain,
  lending: Address,
  positions: Address,
  options: Pick<RefLendingOptions, 'deployer'>,
): RefLending {
  const { reader, wallet, write } = createWriter(rpcUrl, chain);
  const admin = options.deployer ?? 0;
  const address = getAddress(lending);

  return {
    lending: address,
    positions: getAddress(positions),
    open: async (account, collateral, debt) => {
      const receipt = await write(`open ${collateral}/${debt}`, () =>
        wallet(account).writeContract({ address, abi: refLendingAbi, functionName: 'open', args: [collateral, debt] }),
      );
      const [opened] = parseEventLogs({ abi: refLendingAbi, eventName: 'Opened', logs: receipt.logs });
      if (opened === undefined) throw new Error(`open: receipt ${receipt.transactionHash} has no Opened event`);
      return opened.args.id;
    },
    adjust: async (account, id, collateral, debt) => {
      await write(`adjust ${id}`, () =>
        wallet(account).writeContract({
          address,
          abi: refLendingAbi,
          functionName: 'adjust',
          args: [id, collateral, debt],
        }),
      );
    },
    close: async (account, id) => {
      await write(`close ${id}`, () =>
        wallet(account).writeContract({ address, abi: refLendingAbi, functionName: 'close', args: [id] }),
      );
    },
    liquidate: async (account, id) => {
      await write(`liquidate ${id}`, () =>
        wallet(account).writeContract({ address, abi: refLendingAbi, functionName: 'liquidate', args: [id] }),
      );
    },
    setPrice: async (price) => {
      await write(`setPrice ${price}`, () =>
        wallet(admin).writeContract({ address, abi: refLendingAbi, functionName: 'setPrice', args: [price] }),
      );
    },
    read: async (id) => {
      const [owner, collateral, debt, price, liquidationThresholdBps] = await reader.readContract({
        address,
        abi: refLendingAbi,
        functionName: 'position',
        args: [id],
      });
      if (owner === zeroAddress) return null;
      return { owner, collateral, debt, price, liquidationThresholdBps };
    },
  };
}
