// The loan positions the dev stack opens on a fresh RefLending, for the loan-position dapp to show: ids 1–4.

import { parseEther } from 'viem';
import type { RefLending } from './ref-lending.ts';

/** One demo loan: who opens it, its amounts (18 decimals) and the id RefLending should give it. */
export interface DemoLoan {
  /** Index into ANVIL_ACCOUNTS of the account that opens the loan and receives its RefPositions NFT. */
  readonly account: number;
  readonly collateral: bigint;
  readonly debt: bigint;
  readonly id: bigint;
}

/**
 * At RefLending's default price (2000) and threshold (85%), health = collateral · 2000 · 0.85 / debt: #1 1.7,
 * #2 ≈ 1.17 (just under a 1.2 warning line), #3 2.125, #4 1.36. Opened in this order on a fresh contract.
 */
export const DEMO_LOANS: readonly DemoLoan[] = [
  { account: 1, collateral: parseEther('1'), debt: parseEther('1000'), id: 1n },
  { account: 1, collateral: parseEther('1'), debt: parseEther('1450'), id: 2n },
  { account: 2, collateral: parseEther('5'), debt: parseEther('4000'), id: 3n },
  { account: 3, collateral: parseEther('2'), debt: parseEther('2500'), id: 4n },
];

/** Room above the demo's four ids for loans opened by hand in the dapp; written as RefPositions' `max_token_id`. */
export const DEMO_LOANS_MAX_TOKEN_ID = 100;

/** Opens DEMO_LOANS in order; throws when RefLending hands out an id other than the expected one (not fresh). */
export async function openDemoLoans(lending: RefLending): Promise<void> {
  for (const loan of DEMO_LOANS) {
    const id = await lending.open(loan.account, loan.collateral, loan.debt);
    if (id !== loan.id) throw new Error(`demo loan opened as #${id}, expected #${loan.id}: RefLending is not fresh`);
  }
}
