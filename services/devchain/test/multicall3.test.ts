import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createPublicClient, http, multicall3Abi } from 'viem';
import { startAnvil } from '../src/anvil.ts';
import { ANVIL_ACCOUNTS } from '../src/anvil-accounts.ts';
import { ensureMulticall3, MULTICALL3_ADDRESS } from '../src/multicall3.ts';
import { MULTICALL3_CREATION_CODE } from '../src/multicall3-bytecode.ts';
import { deployTestPositions } from '../src/test-positions.ts';
import { testPositionsAbi } from '../src/test-positions-abi.ts';

function clientFor(rpcUrl: string) {
  return createPublicClient({ transport: http(rpcUrl), cacheTime: 0 });
}

describe('ensureMulticall3', () => {
  test('a fresh anvil has no Multicall3; afterwards its canonical address holds the 5,561-byte runtime', async () => {
    await using anvil = await startAnvil();
    const client = clientFor(anvil.rpcUrl);
    expect(await client.getCode({ address: MULTICALL3_ADDRESS })).toBeUndefined();

    expect(await ensureMulticall3(anvil.rpcUrl)).toBe(MULTICALL3_ADDRESS);

    const code = await client.getCode({ address: MULTICALL3_ADDRESS });
    expect(((code?.length ?? 0) - 2) / 2).toBe(5_561);
  });

  test('aggregate3 through viem multicall reads ownerOf for many ids in one request, failures included', async () => {
    await using anvil = await startAnvil();
    const multicallAddress = await ensureMulticall3(anvil.rpcUrl);
    const positions = await deployTestPositions(anvil.rpcUrl);
    const holder = ANVIL_ACCOUNTS[1]?.address ?? '0x';
    await positions.mintRange(holder, 1, 5);
    const bodies: string[] = [];
    const client = createPublicClient({
      transport: http(anvil.rpcUrl, { onFetchRequest: (_request, init) => void bodies.push(String(init.body)) }),
    });

    const results = await client.multicall({
      multicallAddress,
      contracts: [1n, 2n, 3n, 4n, 5n, 6n].map(
        (id) => ({ address: positions.address, abi: testPositionsAbi, functionName: 'ownerOf', args: [id] }) as const,
      ),
    });

    expect(bodies).toHaveLength(1);
    // 0x82ad56cb: aggregate3((address,bool,bytes)[]), the call viem makes for a multicall.
    expect(bodies[0]?.toLowerCase()).toContain(`"to":"${multicallAddress.toLowerCase()}"`);
    expect(bodies[0]).toContain('"data":"0x82ad56cb');
    expect(results.slice(0, 5)).toEqual(Array(5).fill({ status: 'success', result: holder }));
    expect(results[5]?.status).toBe('failure');
  });

  test('is idempotent: a second call changes nothing and mines nothing', async () => {
    await using anvil = await startAnvil();
    const client = clientFor(anvil.rpcUrl);
    await ensureMulticall3(anvil.rpcUrl);
    const code = await client.getCode({ address: MULTICALL3_ADDRESS });
    const block = await client.getBlockNumber();

    expect(await ensureMulticall3(anvil.rpcUrl)).toBe(MULTICALL3_ADDRESS);

    expect(await client.getCode({ address: MULTICALL3_ADDRESS })).toBe(code);
    expect(await client.getBlockNumber()).toBe(block);
    expect(block).toBe(0n);
    const [timestamp] = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: false,
      contracts: [{ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }],
    });
    expect(timestamp).toBeGreaterThan(0n);
  });

  test('the kept creation code is still the one packaged inside the installed viem', () => {
    const viemEsm = dirname(Bun.resolveSync('viem', import.meta.dir));
    const packaged = readFileSync(join(viemEsm, 'constants', 'contracts.js'), 'utf8');
    expect(packaged).toContain(`multicall3Bytecode = '${MULTICALL3_CREATION_CODE}'`);
  });
});
