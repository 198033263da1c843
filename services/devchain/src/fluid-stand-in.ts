// Deploys the Fluid stand-ins (VaultFactory NFT + VaultResolver) to a local chain and sets vaults and positions on them.

import { join } from 'node:path';
import {
  type Address,
  type Chain,
  type ContractFunctionArgs,
  getAddress,
  parseEventLogs,
  zeroAddress,
  zeroHash,
} from 'viem';
import { fluidResolverStandInAbi } from './fluid-resolver-stand-in-abi.ts';
import { fluidVaultFactoryStandInAbi } from './fluid-vault-factory-stand-in-abi.ts';
import { type AccountRef, createWriter, deployedAddress, localChain } from './local-chain.ts';
import { type CompiledContract, compileContract } from './solidity-compiler.ts';

export const FLUID_VAULT_FACTORY_STAND_IN_SOURCE = join(
  import.meta.dir,
  '..',
  'contracts',
  'FluidVaultFactoryStandIn.sol',
);
export const FLUID_RESOLVER_STAND_IN_SOURCE = join(import.meta.dir, '..', 'contracts', 'FluidResolverStandIn.sol');

/** `vaultType` of a T1 vault (normal collateral, normal debt), the only kind the stand-in describes. */
export const FLUID_VAULT_TYPE_T1 = 10_000n;
/** Fluid's exchange prices are scaled by 1e12 (res/variables.sol:38); 1e12 means "raw amount = amount". */
const EXCHANGE_PRICE_ONE = 10n ** 12n;
/** 10000 = 1×: no rate magnified (res/main.sol:315-318). */
const MAGNIFIER_ONE = 10_000;
/** The resolver's `minimumBorrowing` at exchange price 1e12: 10001 · 1e12 / 1e12 (res/main.sol:644-646). */
const MINIMUM_BORROWING = 10_001n;
/** `vaultState.topTick` of a vault without debt (res/helpers.sol:30-37). */
const INT256_MIN = -(2n ** 255n);
/** One tick is a 0.15% step of the debt/collateral ratio (contracts/libraries/tickMath.sol:4). */
const TICK_BASE = 1.0015;

/** The whole struct `getVaultEntireData` returns, as `setVault` takes it. */
export type FluidVaultEntireData = ContractFunctionArgs<typeof fluidResolverStandInAbi, 'nonpayable', 'setVault'>[0];

/** A T1 vault as the resolver reports it; percentages are percent · 100 (8500 = 85%), as in the real output. */
export interface FluidVaultConfig {
  readonly supplyToken: Address;
  readonly borrowToken: Address;
  readonly liquidationThreshold: number;
  /** Defaults to liquidationThreshold; the stand-in enforces nothing, it only reports. */
  readonly collateralFactor?: number;
  /** Defaults to liquidationThreshold. */
  readonly liquidationMaxLimit?: number;
  /** 100 = 1%; 0 by default. */
  readonly liquidationPenalty?: number;
  /**
   * Debt per one collateral in Fluid's oracle scale: 1e27 adjusted for decimals, so debtUnits = colUnits · price /
   * 1e27 (2029 USDC per ETH is 2029e15). Reported as oraclePriceLiquidate, and as oraclePriceOperate unless set.
   */
  readonly oraclePrice: bigint;
  readonly oraclePriceOperate?: bigint;
  readonly oracle?: Address;
  /** Defaults to the next of 1, 2, 3, ... per handle. */
  readonly vaultId?: bigint;
}

/** A position as the resolver reports it; amounts are in each token's smallest units. */
export interface FluidPositionInput {
  readonly vault: Address;
  readonly supply: bigint;
  readonly borrow: bigint;
  readonly dustBorrow?: bigint;
  readonly isLiquidated?: boolean;
  /** Defaults to the tick of borrow / supply (floor of log base 1.0015), or 0 for a position without debt. */
  readonly tick?: bigint;
}

/** The deployed pair. Each write waits for its receipt; writes run one at a time. */
export interface FluidStandIn {
  /** The VaultFactory stand-in: the position NFT. */
  readonly factory: Address;
  readonly resolver: Address;
  setVault(vault: Address, config: FluidVaultConfig): Promise<void>;
  /** Mints the next NFT id to `to`, sets its position and resolves with the id. */
  mintPosition(to: Address, position: FluidPositionInput): Promise<bigint>;
  /** Replaces what the resolver reports for an id minted earlier (e.g. to move it across a threshold). */
  setPosition(nftId: bigint, position: FluidPositionInput): Promise<void>;
}

export interface FluidStandInOptions {
  /** The anvil account (index or address) that deploys, mints and sets; account 0 by default. */
  readonly deployer?: AccountRef;
}

export function compileFluidVaultFactoryStandIn(): Promise<CompiledContract> {
  return compileContract({ sourcePath: FLUID_VAULT_FACTORY_STAND_IN_SOURCE, contractName: 'FluidVaultFactoryStandIn' });
}

export function compileFluidResolverStandIn(): Promise<CompiledContract> {
  return compileContract({ sourcePath: FLUID_RESOLVER_STAND_IN_SOURCE, contractName: 'FluidResolverStandIn' });
}

export async function deployFluidStandIn(rpcUrl: string, options: FluidStandInOptions = {}): Promise<FluidStandIn> {
  const [factoryCode, resolverCode] = await Promise.all([
    compileFluidVaultFactoryStandIn(),
    compileFluidResolverStandIn(),
  ]);
  const chain = await localChain(rpcUrl);
  const { wallet, write } = createWriter(rpcUrl, chain);
  const deployer = wallet(options.deployer ?? 0);
  const factory = deployedAddress(
    await write('deploy FluidVaultFactoryStandIn', () =>
      deployer.deployContract({
        abi: fluidVaultFactoryStandInAbi,
        bytecode: factoryCode.bytecode,
        chain,
        account: deployer.account,
      }),
    ),
    'FluidVaultFactoryStandIn',
  );
  const resolver = deployedAddress(
    await write('deploy FluidResolverStandIn', () =>
      deployer.deployContract({
        abi: fluidResolverStandInAbi,
        bytecode: resolverCode.bytecode,
        args: [factory],
        chain,
        account: deployer.account,
      }),
    ),
    'FluidResolverStandIn',
  );
  return handle(rpcUrl, chain, factory, resolver, options);
}

function handle(
  rpcUrl: string,
  chain: Chain,
  factory: Address,
  resolver: Address,
  options: FluidStandInOptions,
): FluidStandIn {
  const { wallet, write } = createWriter(rpcUrl, chain);
  const sender = () => wallet(options.deployer ?? 0);
  let lastVaultId = 0n;

  const setPosition = async (nftId: bigint, position: FluidPositionInput) => {
    await write(`setPosition ${nftId}`, () =>
      sender().writeContract({
        address: resolver,
        abi: fluidResolverStandInAbi,
        functionName: 'setPosition',
        args: [position.vault, userPosition(nftId, position)],
      }),
    );
  };

  return {
    factory: getAddress(factory),
    resolver: getAddress(resolver),
    setVault: async (vault, config) => {
      lastVaultId = config.vaultId ?? lastVaultId + 1n;
      const data = vaultEntireData(vault, factory, lastVaultId, config);
      await write(`setVault ${vault}`, () =>
        sender().writeContract({
          address: resolver,
          abi: fluidResolverStandInAbi,
          functionName: 'setVault',
          args: [data],
        }),
      );
    },
    mintPosition: async (to, position) => {
      const receipt = await write(`mint to ${to}`, () =>
        sender().writeContract({
          address: factory,
          abi: fluidVaultFactoryStandInAbi,
          functionName: 'mint',
          args: [to],
        }),
      );
      const [minted] = parseEventLogs({ abi: fluidVaultFactoryStandInAbi, eventName: 'Transfer', logs: receipt.logs });
      if (minted === undefined) throw new Error(`mint: receipt ${receipt.transactionHash} has no Transfer event`);
      await setPosition(minted.args.tokenId, position);
      return minted.args.tokenId;
    },
    setPosition,
  };
}

/** `owner` is left zero: the stand-in, like the real resolver, reads it from the factory. */
function userPosition(nftId: bigint, position: FluidPositionInput) {
  const isSupplyPosition = position.borrow === 0n;
  const dustBorrow = position.dustBorrow ?? 0n;
  return {
    nftId,
    owner: zeroAddress,
    isLiquidated: position.isLiquidated ?? false,
    isSupplyPosition,
    tick: position.tick ?? (isSupplyPosition ? 0n : tickOf(position.borrow, position.supply)),
    tickId: 0n,
    beforeSupply: position.supply,
    beforeBorrow: position.borrow,
    beforeDustBorrow: dustBorrow,
    supply: position.supply,
    borrow: position.borrow,
    dustBorrow,
  };
}

/** ratio = 1.0015^tick (tickMath.sol:4,36), rounded down like getTickAtRatio (tickMath.sol:112). */
function tickOf(borrow: bigint, supply: bigint): bigint {
  if (supply === 0n) throw new Error('a Fluid position with debt needs collateral');
  return BigInt(Math.floor(Math.log(Number(borrow) / Number(supply)) / Math.log(TICK_BASE)));
}

function vaultEntireData(
  vault: Address,
  factory: Address,
  vaultId: bigint,
  config: FluidVaultConfig,
): FluidVaultEntireData {
  const noSlot = zeroHash;
  return {
    vault,
    isSmartCol: false,
    isSmartDebt: false,
    constantVariables: {
      liquidity: zeroAddress,
      factory,
      operateImplementation: zeroAddress,
      adminImplementation: zeroAddress,
      secondaryImplementation: zeroAddress,
      deployer: zeroAddress,
      supply: zeroAddress,
      borrow: zeroAddress,
      supplyToken: { token0: config.supplyToken, token1: zeroAddress },
      borrowToken: { token0: config.borrowToken, token1: zeroAddress },
      vaultId,
      vaultType: FLUID_VAULT_TYPE_T1,
      supplyExchangePriceSlot: noSlot,
      borrowExchangePriceSlot: noSlot,
      userSupplySlot: noSlot,
      userBorrowSlot: noSlot,
    },
    configs: {
      supplyRateMagnifier: MAGNIFIER_ONE,
      borrowRateMagnifier: MAGNIFIER_ONE,
      collateralFactor: config.collateralFactor ?? config.liquidationThreshold,
      liquidationThreshold: config.liquidationThreshold,
      liquidationMaxLimit: config.liquidationMaxLimit ?? config.liquidationThreshold,
      withdrawalGap: 0,
      liquidationPenalty: config.liquidationPenalty ?? 0,
      borrowFee: 0,
      oracle: config.oracle ?? zeroAddress,
      oraclePriceOperate: config.oraclePriceOperate ?? config.oraclePrice,
      oraclePriceLiquidate: config.oraclePrice,
      rebalancer: zeroAddress,
      lastUpdateTimestamp: 0n,
    },
    exchangePricesAndRates: {
      lastStoredLiquiditySupplyExchangePrice: EXCHANGE_PRICE_ONE,
      lastStoredLiquidityBorrowExchangePrice: EXCHANGE_PRICE_ONE,
      lastStoredVaultSupplyExchangePrice: EXCHANGE_PRICE_ONE,
      lastStoredVaultBorrowExchangePrice: EXCHANGE_PRICE_ONE,
      liquiditySupplyExchangePrice: EXCHANGE_PRICE_ONE,
      liquidityBorrowExchangePrice: EXCHANGE_PRICE_ONE,
      vaultSupplyExchangePrice: EXCHANGE_PRICE_ONE,
      vaultBorrowExchangePrice: EXCHANGE_PRICE_ONE,
      supplyRateLiquidity: 0n,
      borrowRateLiquidity: 0n,
      supplyRateVault: 0n,
      borrowRateVault: 0n,
      rewardsOrFeeRateSupply: 0n,
      rewardsOrFeeRateBorrow: 0n,
    },
    totalSupplyAndBorrow: {
      totalSupplyVault: 0n,
      totalBorrowVault: 0n,
      totalSupplyLiquidityOrDex: 0n,
      totalBorrowLiquidityOrDex: 0n,
      absorbedSupply: 0n,
      absorbedBorrow: 0n,
    },
    limitsAndAvailability: {
      withdrawLimit: 0n,
      withdrawableUntilLimit: 0n,
      withdrawable: 0n,
      borrowLimit: 0n,
      borrowableUntilLimit: 0n,
      borrowable: 0n,
      borrowLimitUtilization: 0n,
      minimumBorrowing: MINIMUM_BORROWING,
    },
    vaultState: {
      totalPositions: 0n,
      topTick: INT256_MIN,
      currentBranch: 0n,
      totalBranch: 0n,
      totalBorrow: 0n,
      totalSupply: 0n,
      currentBranchState: {
        status: 0n,
        minimaTick: 0n,
        debtFactor: 0n,
        partials: 0n,
        debtLiquidity: 0n,
        baseBranchId: 0n,
        baseBranchMinima: 0n,
      },
    },
    liquidityUserSupplyData: {
      modeWithInterest: false,
      supply: 0n,
      withdrawalLimit: 0n,
      lastUpdateTimestamp: 0n,
      expandPercent: 0n,
      expandDuration: 0n,
      baseWithdrawalLimit: 0n,
      withdrawableUntilLimit: 0n,
      withdrawable: 0n,
      decayEndTimestamp: 0n,
      decayAmount: 0n,
    },
    liquidityUserBorrowData: {
      modeWithInterest: false,
      borrow: 0n,
      borrowLimit: 0n,
      lastUpdateTimestamp: 0n,
      expandPercent: 0n,
      expandDuration: 0n,
      baseBorrowLimit: 0n,
      maxBorrowLimit: 0n,
      borrowableUntilLimit: 0n,
      borrowable: 0n,
      borrowLimitUtilization: 0n,
    },
  };
}
