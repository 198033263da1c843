import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnService, tempDir } from '@keel/kit/testing';
import { type Address, createPublicClient, getAddress, http } from 'viem';
import { ANVIL_ACCOUNTS } from '../src/anvil-accounts.ts';
import { DEMO_LOANS_MAX_TOKEN_ID } from '../src/demo-loans.ts';
import { DEMO_BURNS, DEMO_MAX_TOKEN_ID, DEMO_TRANSFERS } from '../src/demo-set.ts';
import { MULTICALL3_ADDRESS } from '../src/multicall3.ts';
import { testPositionsAbi } from '../src/test-positions-abi.ts';

const entry = join(import.meta.dir, '..', 'src', 'main.ts');

function start(dataDir: string) {
  return spawnService({ entry, env: { DATA_DIR: dataDir, DEVCHAIN_PORT: '8545' }, startTimeoutMs: 30_000 });
}

/** What the demo set should leave on chain, derived from its declared mints, transfers and burns. */
function expectedOwners(): Map<bigint, Address> {
  const account = (index: number) => ANVIL_ACCOUNTS[index]?.address ?? '0x';
  const owners = new Map<bigint, Address>();
  for (let id = 1; id <= DEMO_MAX_TOKEN_ID; id++) owners.set(BigInt(id), account(1 + Math.floor((id - 1) / 100)));
  for (const [, to, id] of DEMO_TRANSFERS) owners.set(BigInt(id), account(to));
  for (const [, id] of DEMO_BURNS) owners.delete(BigInt(id));
  return owners;
}

async function ownersOnChain(rpcUrl: string, address: Address): Promise<Map<bigint, Address>> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const ids = Array.from({ length: DEMO_MAX_TOKEN_ID }, (_, i) => BigInt(i + 1));
  const results = await client.multicall({
    multicallAddress: MULTICALL3_ADDRESS,
    contracts: ids.map((id) => ({ address, abi: testPositionsAbi, functionName: 'ownerOf', args: [id] }) as const),
  });
  const owners = new Map<bigint, Address>();
  results.forEach((result, i) => {
    if (result.status === 'success') owners.set(ids[i] ?? 0n, result.result);
  });
  return owners;
}

async function contractsYaml(dataDir: string) {
  return Bun.YAML.parse(await Bun.file(join(dataDir, 'contracts.yaml')).text());
}

describe('devchain main', () => {
  test('takes --port over DEVCHAIN_PORT, deploys the demo sets, writes contracts.yaml and chains.json, and stops cleanly', async () => {
    await using dir = await tempDir('devchain-main-');
    await using service = await start(dir.path);
    const listening = service.logs.find((line) => line.msg === 'listening');
    expect(service.port).not.toBe(8545);
    expect(listening).toMatchObject({
      service: 'devchain',
      chain_id: 31_337,
      multicall3: MULTICALL3_ADDRESS,
      deployed: true,
    });
    const address = getAddress(String(listening?.test_positions));
    const refPositions = getAddress(String(listening?.ref_positions));
    const refLending = getAddress(String(listening?.ref_lending));

    expect(await contractsYaml(dir.path)).toEqual({
      contracts: {
        'test-positions': { network: 'base', address, max_token_id: String(DEMO_MAX_TOKEN_ID) },
        'ref-positions': { network: 'base', address: refPositions, max_token_id: String(DEMO_LOANS_MAX_TOKEN_ID) },
      },
    });
    expect(await Bun.file(join(dir.path, 'chains.json')).json()).toMatchObject({
      chains: { base: { rpc: service.url, nft: refPositions, presets: [{ nft: refPositions, debt: refLending }] } },
    });
    expect(await ownersOnChain(service.url, address)).toEqual(expectedOwners());

    service.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(existsSync(join(dir.path, 'state.json'))).toBe(true);
    expect(service.logs.map((line) => line.msg)).toContain('stopped');
  });

  test('a restart on the saved chain reuses the deployment instead of deploying again', async () => {
    await using dir = await tempDir('devchain-main-');
    const first = await start(dir.path);
    const address = String(first.logs.find((line) => line.msg === 'listening')?.test_positions);
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const yamlBefore = await contractsYaml(dir.path);

    await using second = await start(dir.path);
    const listening = first.logs.find((line) => line.msg === 'listening');
    expect(second.logs.find((line) => line.msg === 'listening')).toMatchObject({
      test_positions: address,
      ref_lending: listening?.ref_lending,
      ref_positions: listening?.ref_positions,
      deployed: false,
    });
    expect(await contractsYaml(dir.path)).toEqual(yamlBefore);
    expect(await ownersOnChain(second.url, getAddress(address))).toEqual(expectedOwners());
  });

  test('a recorded deployment whose chain was lost is deployed again', async () => {
    await using dir = await tempDir('devchain-main-');
    const first = await start(dir.path);
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // deployment.json stays, the chain it points into is gone.
    await rm(join(dir.path, 'state.json'));

    await using second = await start(dir.path);
    const listening = second.logs.find((line) => line.msg === 'listening');
    expect(listening).toMatchObject({ deployed: true });
    expect(second.logs.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'recorded TestPositions has no code; deploying again',
        'recorded RefLending has no code; deploying again',
      ]),
    );
    expect(await ownersOnChain(second.url, getAddress(String(listening?.test_positions)))).toEqual(expectedOwners());
  });
});
