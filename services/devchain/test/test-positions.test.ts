import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Address, createPublicClient, http } from 'viem';
import { type Anvil, startAnvil } from '../src/anvil.ts';
import { ANVIL_ACCOUNTS } from '../src/anvil-accounts.ts';
import { deployTestPositions, MINT_BATCH_SIZE, type TestPositions } from '../src/test-positions.ts';
import { testPositionsAbi } from '../src/test-positions-abi.ts';

const [deployer, alice, bob, carol] = ANVIL_ACCOUNTS.map((account) => account.address) as [
  Address,
  Address,
  Address,
  Address,
];

let anvil: Anvil;
let positions: TestPositions;

beforeAll(async () => {
  anvil = await startAnvil();
  positions = await deployTestPositions(anvil.rpcUrl);
});
afterAll(() => anvil.stop());

function client() {
  return createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
}
const ownerOf = (id: bigint) =>
  client().readContract({ address: positions.address, abi: testPositionsAbi, functionName: 'ownerOf', args: [id] });
const balanceOf = (owner: Address) =>
  client().readContract({
    address: positions.address,
    abi: testPositionsAbi,
    functionName: 'balanceOf',
    args: [owner],
  });

describe('TestPositions', () => {
  test('is an ERC-721 named "Test Positions" (TPOS), deployed by account 0 at its first-nonce address', async () => {
    const read = (functionName: 'name' | 'symbol') =>
      client().readContract({ address: positions.address, abi: testPositionsAbi, functionName });
    expect([await read('name'), await read('symbol')]).toEqual(['Test Positions', 'TPOS']);
    expect(positions.address).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    const supportsErc721 = await client().readContract({
      address: positions.address,
      abi: testPositionsAbi,
      functionName: 'supportsInterface',
      args: ['0x80ac58cd'],
    });
    expect(supportsErc721).toBe(true);
    expect(await balanceOf(deployer)).toBe(0n);
  });

  test('mint gives one id to its recipient', async () => {
    await positions.mint(alice, 1_000_001n);
    expect(await ownerOf(1_000_001n)).toBe(alice);
  });

  test('mintRange mints sequential ids across several batched transactions', async () => {
    const count = MINT_BATCH_SIZE * 2 + 50;
    const before = await client().getBlockNumber();
    await positions.mintRange(bob, 1, count);
    expect(await client().getBlockNumber()).toBe(before + 3n);
    expect(await balanceOf(bob)).toBe(BigInt(count));
    expect([await ownerOf(1n), await ownerOf(BigInt(MINT_BATCH_SIZE + 1)), await ownerOf(BigInt(count))]).toEqual([
      bob,
      bob,
      bob,
    ]);
    await expect(ownerOf(BigInt(count + 1))).rejects.toThrow(/ERC721NonexistentToken/);
  });

  test('transfer moves an id between accounts, by index or by address', async () => {
    await positions.mint(carol, 2_000_001n);
    await positions.transfer(3, alice, 2_000_001n);
    expect(await ownerOf(2_000_001n)).toBe(alice);
    await positions.transfer(alice, carol, 2_000_001n);
    expect(await ownerOf(2_000_001n)).toBe(carol);
    expect(await balanceOf(carol)).toBe(1n);
  });

  test('transfer by an account that neither owns nor is approved for the id is refused', async () => {
    await positions.mint(carol, 2_000_002n);
    await expect(positions.transfer(alice, bob, 2_000_002n)).rejects.toThrow(/ERC721InsufficientApproval/);
    expect(await ownerOf(2_000_002n)).toBe(carol);
  });

  test('burn by the owner removes the id: ownerOf reverts and the balance drops', async () => {
    await positions.mint(carol, 3_000_001n);
    const balance = await balanceOf(carol);
    await positions.burn(carol, 3_000_001n);
    await expect(ownerOf(3_000_001n)).rejects.toThrow(/ERC721NonexistentToken/);
    expect(await balanceOf(carol)).toBe(balance - 1n);
  });

  test('burn by anyone but the owner or an approved account is refused', async () => {
    await positions.mint(carol, 3_000_002n);
    await expect(positions.burn(alice, 3_000_002n)).rejects.toThrow(/ERC721InsufficientApproval/);
    expect(await ownerOf(3_000_002n)).toBe(carol);
  });

  test('writes started together run one after another instead of colliding on the nonce', async () => {
    await Promise.all([4_000_001n, 4_000_002n, 4_000_003n].map((id) => positions.mint(alice, id)));
    expect(await Promise.all([4_000_001n, 4_000_002n, 4_000_003n].map(ownerOf))).toEqual([alice, alice, alice]);
  });

  test('an account that is not one of anvil’s defaults cannot sign', async () => {
    await expect(positions.transfer('0x000000000000000000000000000000000000dEaD', alice, 1n)).rejects.toThrow(
      /not one of anvil's 10 default accounts/,
    );
  });
});
