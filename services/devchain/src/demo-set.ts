// The tokens the dev stack mints on first deploy: ids 1–300 over anvil accounts 1–3, then a few transfers and burns.

import { ANVIL_ACCOUNTS } from './anvil-accounts.ts';
import type { TestPositions } from './test-positions.ts';

/** Highest id the demo mints; written to contracts.yaml as the contract's `max_token_id`. */
export const DEMO_MAX_TOKEN_ID = 300;

const HOLDERS = [1, 2, 3] as const;
const PER_HOLDER = DEMO_MAX_TOKEN_ID / HOLDERS.length;

/** Moves so the final owners are not simply id ranges: [from account, to account, id]. */
export const DEMO_TRANSFERS: readonly (readonly [number, number, number])[] = [
  [1, 2, 5],
  [2, 3, 150],
  [3, 1, 250],
];
/** Burned ids, so `ownerOf` reverts inside the swept range: [owner account, id]. */
export const DEMO_BURNS: readonly (readonly [number, number])[] = [
  [1, 7],
  [3, 299],
];

export async function mintDemoSet(positions: TestPositions): Promise<void> {
  for (const [i, holder] of HOLDERS.entries()) {
    await positions.mintRange(address(holder), i * PER_HOLDER + 1, PER_HOLDER);
  }
  for (const [from, to, id] of DEMO_TRANSFERS) await positions.transfer(from, address(to), id);
  for (const [owner, id] of DEMO_BURNS) await positions.burn(owner, id);
}

function address(index: number) {
  const account = ANVIL_ACCOUNTS[index];
  if (account === undefined) throw new Error(`no anvil account ${index}`);
  return account.address;
}
