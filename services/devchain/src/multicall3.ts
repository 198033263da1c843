// Puts Multicall3 at its canonical address on a local anvil chain, which (unlike Base or Arbitrum) starts without it.

import { type Address, createTestClient, http, publicActions } from 'viem';
import { MULTICALL3_CREATION_CODE } from './multicall3-bytecode.ts';

/** The same address on mainnet, Base, Arbitrum and most chains (mds1/multicall3). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Idempotent: leaves existing code alone. Returns the address to pass as viem's `multicallAddress`. */
export async function ensureMulticall3(rpcUrl: string): Promise<Address> {
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
  const existing = await client.getCode({ address: MULTICALL3_ADDRESS });
  if (existing !== undefined && existing !== '0x') return MULTICALL3_ADDRESS;
  // Running the creation code in an eth_call returns the runtime code its constructor would deploy, without a
  // transaction: no block is mined and no account's nonce moves, so later deployments keep their usual addresses.
  const { data: runtime } = await client.call({ data: MULTICALL3_CREATION_CODE });
  if (runtime === undefined || runtime === '0x') throw new Error('Multicall3 creation code returned no runtime code');
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: runtime });
  return MULTICALL3_ADDRESS;
}
