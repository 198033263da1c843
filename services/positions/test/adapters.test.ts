// Both adapters against contracts on anvil, held to one conformance suite; plus each one's exact figures.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ANVIL_ACCOUNTS, type Anvil, deployFluidStandIn, deployRefLending, startAnvil } from '@keel/devchain';
import { type Address, getAddress } from 'viem';
import { fluidAdapter } from '../src/fluid/fluid-adapter.ts';
import type { PositionAdapter, PositionRef } from '../src/position.ts';
import { referenceAdapter } from '../src/reference/reference-adapter.ts';

const OWNER = getAddress(ANVIL_ACCOUNTS[1]?.address ?? '');
const ETH = { symbol: 'ETH', decimals: 18 };
const USDC = { symbol: 'USDC', decimals: 6 };

/** What the suite needs from a protocol: a healthy position, a way to push it under water, a way to end it. */
interface Harness {
  readonly adapter: PositionAdapter;
  open(): Promise<PositionRef>;
  makeUnhealthy(ref: PositionRef): Promise<void>;
  end(ref: PositionRef): Promise<void>;
}

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(() => anvil.stop());

function conformance(name: string, harness: () => Promise<Harness>) {
  describe(`${name} adapter`, () => {
    test('reads an open, healthy position with its owner', async () => {
      const h = await harness();
      const ref = await h.open();
      const position = await h.adapter.read(ref);
      expect(position).toMatchObject({ ref, protocol: h.adapter.protocol, owner: OWNER, status: 'open' });
      expect(position.health).toBeGreaterThan(1);
      expect(position.ltv).toBeGreaterThan(0);
      expect(position.ltv).toBeLessThan(position.liquidationThreshold);
    });

    test('sees health fall below 1 when the position is pushed past its threshold', async () => {
      const h = await harness();
      const ref = await h.open();
      await h.makeUnhealthy(ref);
      const position = await h.adapter.read(ref);
      expect(position.health).toBeLessThan(1);
      expect(position.ltv).toBeGreaterThan(position.liquidationThreshold);
    });

    test('reports a position that ended as closed or liquidated', async () => {
      const h = await harness();
      const ref = await h.open();
      await h.end(ref);
      expect(['closed', 'liquidated']).toContain((await h.adapter.read(ref)).status);
    });
  });
}

conformance('reference', async () => {
  const lending = await deployRefLending(anvil.rpcUrl);
  const adapter = referenceAdapter({ rpcUrl: anvil.rpcUrl });
  const refOf = (id: bigint): PositionRef => ({ chain: 'base', nft: lending.positions, debt: lending.lending, id });
  return {
    adapter,
    // 1 collateral at 2,000 against 1,000 debt, threshold 85 %: health 1.7.
    open: async () => refOf(await lending.open(1, 10n ** 18n, 1_000n * 10n ** 18n)),
    makeUnhealthy: () => lending.setPrice(1_000n * 10n ** 18n),
    end: (ref) => lending.close(1, ref.id),
  };
});

conformance('fluid', async () => {
  const fluid = await deployFluidStandIn(anvil.rpcUrl);
  const vault = getAddress('0xeAbBfca72F8a8bf14C4ac59e69ECB2eB69F0811C');
  const config = {
    supplyToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address,
    borrowToken: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    liquidationThreshold: 8_500,
    oraclePrice: 2_029n * 10n ** 15n,
  };
  await fluid.setVault(vault, config);
  const adapter = fluidAdapter({ rpcUrl: anvil.rpcUrl, resolver: fluid.resolver });
  const position = { vault, supply: 10n ** 18n, borrow: 1_000n * 10n ** 6n };
  return {
    adapter,
    open: async () => ({
      chain: 'base',
      nft: fluid.factory,
      debt: vault,
      id: await fluid.mintPosition(OWNER, position),
    }),
    makeUnhealthy: (ref) => fluid.setPosition(ref.id, { ...position, borrow: 1_800n * 10n ** 6n }),
    end: (ref) => fluid.setPosition(ref.id, { ...position, isLiquidated: true }),
  };
});

test('the Fluid adapter gives the worked example’s figures: 1 ETH, 1,000 USDC, 2,029 USDC/ETH, 85 %', async () => {
  const fluid = await deployFluidStandIn(anvil.rpcUrl);
  const vault = getAddress('0xeAbBfca72F8a8bf14C4ac59e69ECB2eB69F0811C');
  await fluid.setVault(vault, {
    supplyToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
    borrowToken: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    liquidationThreshold: 8_500,
    oraclePrice: 2_029n * 10n ** 15n,
  });
  const id = await fluid.mintPosition(OWNER, { vault, supply: 10n ** 18n, borrow: 1_000n * 10n ** 6n });
  const position = await fluidAdapter({ rpcUrl: anvil.rpcUrl, resolver: fluid.resolver }).read(
    { chain: 'base', nft: fluid.factory, debt: vault, id },
    { collateral: ETH, debt: USDC },
  );
  expect(position.liquidationThreshold).toBe(0.85);
  expect(position.health).toBeCloseTo(1.72465, 4);
  expect(position.ltv).toBeCloseTo(0.49285, 4);
  expect(position.price).toBeCloseTo(2029, 6);
  expect(position.liquidationPrice).toBeCloseTo(1_176.47, 1);
});

test('the reference adapter gives exact figures and no risk figures once a position is closed', async () => {
  const lending = await deployRefLending(anvil.rpcUrl);
  const id = await lending.open(1, 2n * 10n ** 18n, 1_700n * 10n ** 18n);
  const ref = { chain: 'base', nft: lending.positions, debt: lending.lending, id };
  const adapter = referenceAdapter({ rpcUrl: anvil.rpcUrl });
  const open = await adapter.read(ref);
  expect({ health: open.health, ltv: open.ltv, liquidationPrice: open.liquidationPrice, price: open.price }).toEqual({
    health: 2,
    ltv: 0.425,
    liquidationPrice: 1_000,
    price: 2_000,
  });
  await lending.close(1, id);
  expect(await adapter.read(ref)).toMatchObject({ owner: null, status: 'closed', health: null, ltv: null });
});

test('the reference adapter tells a liquidation from a close', async () => {
  const lending = await deployRefLending(anvil.rpcUrl);
  const adapter = referenceAdapter({ rpcUrl: anvil.rpcUrl });
  const refOf = (id: bigint) => ({ chain: 'base', nft: lending.positions, debt: lending.lending, id });
  const liquidated = await lending.open(1, 10n ** 18n, 1_600n * 10n ** 18n);
  const closed = await lending.open(1, 10n ** 18n, 1_000n * 10n ** 18n);
  await lending.close(1, closed);
  await lending.setPrice(1_500n * 10n ** 18n);
  await lending.liquidate(2, liquidated);
  expect([(await adapter.read(refOf(liquidated))).status, (await adapter.read(refOf(closed))).status]).toEqual([
    'liquidated',
    'closed',
  ]);
});
