import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { parseEther } from 'viem';
import { type Anvil, startAnvil } from '../src/anvil.ts';
import { openDemoLoans } from '../src/demo-loans.ts';
import { deployRefLending } from '../src/ref-lending.ts';
import { EXPECTED_DEMO_LOANS, readDemoLoans } from './fixtures/demo-loan-health.ts';

let anvil: Anvil;
beforeEach(async () => {
  anvil = await startAnvil();
});
afterEach(() => anvil.stop());

describe('openDemoLoans', () => {
  test('on a fresh RefLending opens ids 1–4 for accounts 1, 1, 2, 3 at the documented health', async () => {
    const ref = await deployRefLending(anvil.rpcUrl);
    await openDemoLoans(ref);
    expect(await readDemoLoans(ref)).toEqual([...EXPECTED_DEMO_LOANS]);
    expect(await ref.read(5n)).toBeNull();
  });

  test('refuses a RefLending that already has positions instead of numbering the demo differently', async () => {
    const ref = await deployRefLending(anvil.rpcUrl);
    await ref.open(4, parseEther('1'), parseEther('1'));
    await expect(openDemoLoans(ref)).rejects.toThrow('demo loan opened as #2, expected #1: RefLending is not fresh');
  });
});
