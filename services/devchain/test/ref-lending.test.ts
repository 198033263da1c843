import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Address, createPublicClient, http, parseEther, zeroAddress } from 'viem';
import { type Anvil, startAnvil } from '../src/anvil.ts';
import { ANVIL_ACCOUNTS } from '../src/anvil-accounts.ts';
import { localChain, walletClient } from '../src/local-chain.ts';
import {
  attachRefLending,
  deployRefLending,
  REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS,
  REF_DEFAULT_PRICE,
  type RefLending,
} from '../src/ref-lending.ts';
import { refLendingAbi } from '../src/ref-lending-abi.ts';
import { refPositionsAbi } from '../src/ref-positions-abi.ts';

const [, alice, bob, carol] = ANVIL_ACCOUNTS.map((account) => account.address) as [Address, Address, Address, Address];

let anvil: Anvil;
let ref: RefLending;

beforeAll(async () => {
  anvil = await startAnvil();
  ref = await deployRefLending(anvil.rpcUrl);
});
afterAll(() => anvil.stop());

function client() {
  return createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
}
const ownerOf = (id: bigint) =>
  client().readContract({ address: ref.positions, abi: refPositionsAbi, functionName: 'ownerOf', args: [id] });
const health = (id: bigint) =>
  client().readContract({ address: ref.lending, abi: refLendingAbi, functionName: 'health', args: [id] });

/** The price at which health is exactly 1, rounded down: debt · 1e4 · 1e18 / (collateral · threshold). */
const liquidationPrice = (collateral: bigint, debt: bigint, thresholdBps: bigint) =>
  (debt * 10_000n * 10n ** 18n) / (collateral * thresholdBps);

describe('RefLending', () => {
  test('deploys the NFT and the debt contract at account 0’s first two addresses, each pointing at the other', async () => {
    expect([ref.positions, ref.lending]).toEqual([
      '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    ]);
    const read = client().readContract;
    expect(await read({ address: ref.lending, abi: refLendingAbi, functionName: 'positionsNft' })).toBe(ref.positions);
    expect(await read({ address: ref.positions, abi: refPositionsAbi, functionName: 'lending' })).toBe(ref.lending);
    expect([
      await read({ address: ref.positions, abi: refPositionsAbi, functionName: 'name' }),
      await read({ address: ref.positions, abi: refPositionsAbi, functionName: 'symbol' }),
      await read({ address: ref.lending, abi: refLendingAbi, functionName: 'price' }),
      await read({ address: ref.lending, abi: refLendingAbi, functionName: 'liquidationThresholdBps' }),
    ]).toEqual(['Reference Lending Positions', 'RPOS', REF_DEFAULT_PRICE, REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS]);
  });

  test('open mints the caller an NFT with the next sequential id, starting at 1, and records the amounts', async () => {
    const first = await ref.open(1, parseEther('2'), parseEther('1000'));
    const second = await ref.open(bob, parseEther('1'), 0n);
    expect([first, second]).toEqual([1n, 2n]);
    expect([await ownerOf(1n), await ownerOf(2n)]).toEqual([alice, bob]);
    expect(await ref.read(1n)).toEqual({
      owner: alice,
      collateral: parseEther('2'),
      debt: parseEther('1000'),
      price: REF_DEFAULT_PRICE,
      liquidationThresholdBps: 8500n,
    });
  });

  test('opens started together get distinct consecutive ids', async () => {
    const ids = await Promise.all([alice, bob, carol].map((owner) => ref.open(owner, parseEther('1'), 0n)));
    const sorted = ids.toSorted((a, b) => Number(a - b));
    const first = sorted[0] ?? 0n;
    expect(sorted).toEqual([first, first + 1n, first + 2n]);
  });

  test('health is collateral · price · threshold / (debt · 1e4) in 1e18, and unbounded without debt', async () => {
    const id = await ref.open(alice, parseEther('1'), parseEther('1000'));
    // 1 × 2000 × 0.85 / 1000 = 1.7
    expect(await health(id)).toBe(parseEther('1.7'));
    const noDebt = await ref.open(alice, parseEther('1'), 0n);
    expect(await health(noDebt)).toBe(2n ** 256n - 1n);
  });

  test('open and adjust refuse to leave a position below health 1', async () => {
    // 1 × 2000 × 0.85 = 1700 is the most debt 1 collateral carries at the default price.
    await expect(ref.open(alice, parseEther('1'), parseEther('1700.01'))).rejects.toThrow(/PositionUnhealthy/);
    const id = await ref.open(alice, parseEther('1'), parseEther('1700'));
    await expect(ref.adjust(alice, id, parseEther('0.99'), parseEther('1700'))).rejects.toThrow(/PositionUnhealthy/);
  });

  test('adjust sets new amounts for the NFT’s holder and is refused to anyone else', async () => {
    const id = await ref.open(carol, parseEther('3'), parseEther('100'));
    await ref.adjust(carol, id, parseEther('4'), parseEther('2500'));
    expect(await ref.read(id)).toMatchObject({ owner: carol, collateral: parseEther('4'), debt: parseEther('2500') });
    await expect(ref.adjust(bob, id, parseEther('4'), 0n)).rejects.toThrow(/NotPositionOwner/);
  });

  test('close burns the NFT; the id then reads as a zero owner with zero amounts and is never reused', async () => {
    const id = await ref.open(bob, parseEther('1'), parseEther('10'));
    await expect(ref.close(alice, id)).rejects.toThrow(/NotPositionOwner/);
    await ref.close(bob, id);
    await expect(ownerOf(id)).rejects.toThrow(/ERC721NonexistentToken/);
    const raw = await client().readContract({
      address: ref.lending,
      abi: refLendingAbi,
      functionName: 'position',
      args: [id],
    });
    expect(raw).toEqual([zeroAddress, 0n, 0n, REF_DEFAULT_PRICE, 8500n]);
    expect(await ref.read(id)).toBeNull();
    await expect(ref.close(bob, id)).rejects.toThrow(/UnknownPosition/);
    expect(await ref.open(bob, parseEther('1'), 0n)).toBe(id + 1n);
  });

  test('a position that was never opened reads as null', async () => {
    expect(await ref.read(1_000_000n)).toBeNull();
  });

  test('liquidate is refused while healthy and allowed once the price falls below the liquidation price', async () => {
    const collateral = parseEther('1');
    const debt = parseEther('1000');
    const id = await ref.open(alice, collateral, debt);
    const threshold = liquidationPrice(collateral, debt, 8500n);
    expect(threshold).toBe(1_176_470_588_235_294_117_647n); // 1000 / 0.85
    await expect(ref.liquidate(bob, id)).rejects.toThrow(/PositionHealthy/);

    // One wei above the rounded-down liquidation price health is exactly 1: still safe.
    await ref.setPrice(threshold + 1n);
    expect(await health(id)).toBe(parseEther('1'));
    await expect(ref.liquidate(bob, id)).rejects.toThrow(/PositionHealthy/);

    await ref.setPrice(threshold);
    expect(await health(id)).toBeLessThan(parseEther('1'));
    const burnedFrom = await client().getBlockNumber();
    await ref.liquidate(bob, id);
    await expect(ownerOf(id)).rejects.toThrow(/ERC721NonexistentToken/);
    expect(await ref.read(id)).toBeNull();
    const [liquidated] = await client().getContractEvents({
      address: ref.lending,
      abi: refLendingAbi,
      eventName: 'Liquidated',
      fromBlock: burnedFrom + 1n,
    });
    expect(liquidated?.args).toEqual({ id, owner: alice, liquidator: bob, collateral, debt });
    await ref.setPrice(REF_DEFAULT_PRICE);
  });

  test('only the deployer may set the price', async () => {
    const asBob = await attachRefLending(anvil.rpcUrl, ref.lending, { deployer: 2 });
    expect(asBob.positions).toBe(ref.positions);
    await expect(asBob.setPrice(1n)).rejects.toThrow(/NotAdmin/);
    await expect(ref.setPrice(0n)).rejects.toThrow(/ZeroPrice/);
  });

  test('only RefLending may mint or burn position NFTs', async () => {
    const asAlice = walletClient(anvil.rpcUrl, await localChain(anvil.rpcUrl), alice);
    await expect(
      asAlice.writeContract({ address: ref.positions, abi: refPositionsAbi, functionName: 'mint', args: [alice] }),
    ).rejects.toThrow(/OnlyLending/);
    await expect(
      asAlice.writeContract({ address: ref.positions, abi: refPositionsAbi, functionName: 'burn', args: [1n] }),
    ).rejects.toThrow(/OnlyLending/);
  });
});
