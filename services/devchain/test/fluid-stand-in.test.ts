import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Address, createPublicClient, getAddress, http, parseUnits, zeroAddress } from 'viem';
import { type Anvil, startAnvil } from '../src/anvil.ts';
import { ANVIL_ACCOUNTS } from '../src/anvil-accounts.ts';
import { FLUID_ABI_SOURCE, fluidVaultFactoryAbi, fluidVaultResolverAbi } from '../src/fluid-resolver-abi.ts';
import { fluidResolverStandInAbi } from '../src/fluid-resolver-stand-in-abi.ts';
import { compileFluidResolverStandIn, deployFluidStandIn, type FluidStandIn } from '../src/fluid-stand-in.ts';
import { fluidVaultFactoryStandInAbi } from '../src/fluid-vault-factory-stand-in-abi.ts';
import { localChain, walletClient } from '../src/local-chain.ts';

const [, alice, bob] = ANVIL_ACCOUNTS.map((account) => account.address) as [Address, Address, Address];

// Token addresses only label the vault; the resolver reports them and nothing reads them.
const WETH = '0x4200000000000000000000000000000000000006';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const CBBTC = '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf';
const ETH_USDC_VAULT = '0x0000000000000000000000000000000000e7c001';
const BTC_USDC_VAULT = '0x0000000000000000000000000000000000b7c001';

const ONE = 10n ** 18n;
const ORACLE_SCALE = 10n ** 27n;
const BPS = 10_000n;

let anvil: Anvil;
let fluid: FluidStandIn;

beforeAll(async () => {
  anvil = await startAnvil();
  fluid = await deployFluidStandIn(anvil.rpcUrl);
  // Oracle prices are debt per collateral in 1e27, adjusted by 27 − colDecimals + debtDecimals (anchor, Oracle scale).
  await fluid.setVault(ETH_USDC_VAULT, {
    supplyToken: WETH,
    borrowToken: USDC,
    collateralFactor: 8000,
    liquidationThreshold: 8500,
    liquidationMaxLimit: 9000,
    liquidationPenalty: 100,
    oraclePrice: parseUnits('2000', 15),
  });
  await fluid.setVault(BTC_USDC_VAULT, {
    supplyToken: CBBTC,
    borrowToken: USDC,
    liquidationThreshold: 8000,
    oraclePrice: parseUnits('60000', 25),
  });
});
afterAll(() => anvil.stop());

function client() {
  return createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
}

/** positionByNftId decoded with the real, untyped VaultResolver ABI; narrowed to the fields the health math reads. */
async function positionByNftId(nftId: bigint) {
  const result = await client().readContract({
    address: fluid.resolver,
    abi: fluidVaultResolverAbi,
    functionName: 'positionByNftId',
    args: [nftId],
  });
  return result as unknown as readonly [RealUserPosition, RealVaultEntireData];
}
interface RealUserPosition {
  nftId: bigint;
  owner: Address;
  isLiquidated: boolean;
  isSupplyPosition: boolean;
  tick: bigint;
  supply: bigint;
  borrow: bigint;
}
interface RealVaultEntireData {
  vault: Address;
  constantVariables: {
    factory: Address;
    supplyToken: { token0: Address; token1: Address };
    borrowToken: { token0: Address; token1: Address };
    vaultId: bigint;
    vaultType: bigint;
  };
  configs: {
    collateralFactor: number;
    liquidationThreshold: number;
    liquidationMaxLimit: number;
    oraclePriceOperate: bigint;
    oraclePriceLiquidate: bigint;
  };
  vaultState: { topTick: bigint };
}

/**
 * The anchor's UI convention (Health and liquidation): colValueInDebt = S · P_liq / 1e27, LTV = B / colValueInDebt,
 * HF = colValueInDebt · LT/1e4 / B, liquidation price P_liq* = B · 1e27 · 1e4 / (S · LT). LTV and HF in 1e18.
 */
function health(position: RealUserPosition, vault: RealVaultEntireData) {
  const { oraclePriceLiquidate: price, liquidationThreshold } = vault.configs;
  const threshold = BigInt(liquidationThreshold);
  const colValueInDebt = (position.supply * price) / ORACLE_SCALE;
  if (position.borrow === 0n) return { colValueInDebt, ltv: 0n, healthFactor: null, liquidationPrice: null };
  return {
    colValueInDebt,
    ltv: (position.borrow * ONE) / colValueInDebt,
    healthFactor: (position.supply * price * threshold * ONE) / (ORACLE_SCALE * BPS * position.borrow),
    liquidationPrice: (position.borrow * ORACLE_SCALE * BPS) / (position.supply * threshold),
  };
}

describe('Fluid stand-in', () => {
  test('its views are identical, names and internal types included, to the real VaultResolver ABI', async () => {
    expect(FLUID_ABI_SOURCE).toEqual({
      repo: 'https://github.com/Instadapp/fluid-contracts-public',
      commit: 'a9949b48ba1247d4f478cd0acb40896b5c8bf3f8',
    });
    const compiled = (await compileFluidResolverStandIn()).abi;
    const shared = ['FACTORY', 'getVaultEntireData', 'positionByNftId', 'positionsByUser', 'positionsNftIdOfUser'];
    const pick = (abi: readonly unknown[]) =>
      [...shared, 'totalPositions', 'vaultByNftId'].map((name) =>
        JSON.stringify(sortKeys(abi.find((item) => (item as { name?: string }).name === name))),
      );
    expect(pick(compiled)).toEqual(pick(fluidVaultResolverAbi));
  });

  test('the factory mints sequential ids from 1 and answers the real VaultFactory ERC-721 views', async () => {
    const first = await fluid.mintPosition(alice, { vault: ETH_USDC_VAULT, supply: parseUnits('1', 18), borrow: 0n });
    const second = await fluid.mintPosition(bob, { vault: ETH_USDC_VAULT, supply: parseUnits('2', 18), borrow: 0n });
    expect([first, second]).toEqual([1n, 2n]);
    const read = (functionName: string, args: readonly unknown[]) =>
      client().readContract({ address: fluid.factory, abi: fluidVaultFactoryAbi, functionName, args });
    expect([
      await read('ownerOf', [2n]),
      await read('balanceOf', [alice]),
      await read('tokenOfOwnerByIndex', [alice, 0n]),
      await read('totalSupply', []),
    ]).toEqual([bob, 1n, 1n, 2n]);
  });

  test('a 1 ETH / 1000 USDC position at 2000 USDC per ETH decodes with the real ABI: LTV 50%, health 1.7', async () => {
    const nftId = await fluid.mintPosition(alice, {
      vault: ETH_USDC_VAULT,
      supply: parseUnits('1', 18),
      borrow: parseUnits('1000', 6),
    });
    const [position, vault] = await positionByNftId(nftId);
    expect(position).toMatchObject({
      nftId,
      owner: alice,
      isLiquidated: false,
      isSupplyPosition: false,
      supply: parseUnits('1', 18),
      borrow: parseUnits('1000', 6),
    });
    // raw ratio 1e9 / 1e18 = 1.0015^tick: ln 1e-9 / ln 1.0015 = -13825.6…, rounded down
    expect(position.tick).toBe(-13_826n);
    expect(vault).toMatchObject({
      vault: getAddress(ETH_USDC_VAULT),
      constantVariables: {
        factory: fluid.factory,
        supplyToken: { token0: WETH, token1: zeroAddress },
        borrowToken: { token0: USDC, token1: zeroAddress },
        vaultId: 1n,
        vaultType: 10_000n,
      },
      configs: {
        collateralFactor: 8000,
        liquidationThreshold: 8500,
        liquidationMaxLimit: 9000,
        oraclePriceOperate: parseUnits('2000', 15),
        oraclePriceLiquidate: parseUnits('2000', 15),
      },
      vaultState: { topTick: -(2n ** 255n) },
    });
    expect(health(position, vault)).toEqual({
      colValueInDebt: parseUnits('2000', 6),
      ltv: parseUnits('0.5', 18),
      healthFactor: parseUnits('1.7', 18),
      // 1000 / 0.85 = 1176.470588… USDC per ETH, in the oracle's 1e15 scale
      liquidationPrice: 1_176_470_588_235_294_117n,
    });
  });

  test('a 0.5 BTC / 20000 USDC position at 60000 USDC per BTC (8 and 6 decimals): LTV 2/3, health 1.2', async () => {
    const nftId = await fluid.mintPosition(bob, {
      vault: BTC_USDC_VAULT,
      supply: parseUnits('0.5', 8),
      borrow: parseUnits('20000', 6),
    });
    const [position, vault] = await positionByNftId(nftId);
    expect(vault.constantVariables.vaultId).toBe(2n);
    expect(health(position, vault)).toEqual({
      colValueInDebt: parseUnits('30000', 6),
      ltv: 666_666_666_666_666_666n,
      healthFactor: parseUnits('1.2', 18),
      // 20000 / (0.5 · 0.8) = 50000 USDC per BTC, in the oracle's 1e25 scale
      liquidationPrice: parseUnits('50000', 25),
    });
  });

  test('setPosition moves a position past its liquidation threshold', async () => {
    const nftId = await fluid.mintPosition(alice, {
      vault: ETH_USDC_VAULT,
      supply: parseUnits('1', 18),
      borrow: parseUnits('1600', 6),
    });
    const before = await positionByNftId(nftId);
    expect(health(...before).healthFactor).toBeGreaterThan(ONE);
    await fluid.setPosition(nftId, {
      vault: ETH_USDC_VAULT,
      supply: parseUnits('1', 18),
      borrow: parseUnits('1800', 6),
    });
    const after = await positionByNftId(nftId);
    // 2000 · 0.85 / 1800 = 0.9444…
    expect(health(...after).healthFactor).toBe(944_444_444_444_444_444n);
  });

  test('a position without debt is a supply position with tick 0 and no health factor', async () => {
    const nftId = await fluid.mintPosition(bob, { vault: ETH_USDC_VAULT, supply: parseUnits('3', 18), borrow: 0n });
    const [position, vault] = await positionByNftId(nftId);
    expect(position).toMatchObject({ isSupplyPosition: true, tick: 0n, borrow: 0n });
    expect(health(position, vault)).toMatchObject({ ltv: 0n, healthFactor: null, liquidationPrice: null });
  });

  test('the owner is read from the factory, so it follows an NFT transfer', async () => {
    const nftId = await fluid.mintPosition(alice, { vault: ETH_USDC_VAULT, supply: parseUnits('1', 18), borrow: 0n });
    const asAlice = walletClient(anvil.rpcUrl, await localChain(anvil.rpcUrl), alice);
    const hash = await asAlice.writeContract({
      address: fluid.factory,
      abi: fluidVaultFactoryStandInAbi,
      functionName: 'transferFrom',
      args: [alice, bob, nftId],
    });
    await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect((await positionByNftId(nftId))[0].owner).toBe(bob);
  });

  test('the user listing views enumerate the factory, and getVaultEntireData matches the position’s vault data', async () => {
    const read = (functionName: string, args: readonly unknown[]) =>
      client().readContract({ address: fluid.resolver, abi: fluidVaultResolverAbi, functionName, args });
    const ids = (await read('positionsNftIdOfUser', [alice])) as bigint[];
    const [positions, vaults] = (await read('positionsByUser', [alice])) as [RealUserPosition[], RealVaultEntireData[]];
    expect(positions.map((position) => position.nftId)).toEqual(ids);
    expect(positions.every((position) => position.owner === alice)).toBe(true);
    expect(vaults.length).toBe(ids.length);
    expect(await read('totalPositions', [])).toBe(
      await client().readContract({ address: fluid.factory, abi: fluidVaultFactoryAbi, functionName: 'totalSupply' }),
    );
    expect(await read('vaultByNftId', [1n])).toBe(getAddress(ETH_USDC_VAULT));
    expect(await read('getVaultEntireData', [ETH_USDC_VAULT])).toEqual((await positionByNftId(1n))[1]);
  });

  test('an id the resolver was never told about reverts with UnknownPosition', async () => {
    await expect(
      client().readContract({
        address: fluid.resolver,
        abi: fluidResolverStandInAbi,
        functionName: 'positionByNftId',
        args: [999n],
      }),
    ).rejects.toThrow(/UnknownPosition/);
  });
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, sortKeys(item)]),
  );
}
