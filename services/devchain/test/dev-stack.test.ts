import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '@keel/kit';
import { type TempDir, tempDir } from '@keel/kit/testing';
import { getAddress } from 'viem';
import { startAnvil } from '../src/anvil.ts';
import { DEMO_LOANS_MAX_TOKEN_ID } from '../src/demo-loans.ts';
import { DEMO_MAX_TOKEN_ID, mintDemoSet } from '../src/demo-set.ts';
import { readDeployment } from '../src/deployment.ts';
import { type DevStack, startDevStack } from '../src/dev-stack.ts';
import { ensureMulticall3 } from '../src/multicall3.ts';
import { attachRefLending } from '../src/ref-lending.ts';
import { deployTestPositions } from '../src/test-positions.ts';
import { EXPECTED_DEMO_LOANS, readDemoLoans } from './fixtures/demo-loan-health.ts';

/** Starts the dev stack on a free port; its log lines' messages are collected in `messages`. */
function start(dataDir: string, messages: string[] = []): Promise<DevStack> {
  const logger = createLogger({
    level: 'info',
    write: (line) => {
      const entry: unknown = JSON.parse(line);
      if (typeof entry === 'object' && entry !== null && 'msg' in entry) messages.push(String(entry.msg));
    },
  });
  return startDevStack({ port: 0, dataDir, logger });
}

const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'));
const readYaml = async (path: string): Promise<unknown> => Bun.YAML.parse(await readFile(path, 'utf8'));

describe('dev stack, first start', () => {
  let dir: TempDir;
  let stack: DevStack;
  beforeAll(async () => {
    dir = await tempDir('devchain-stack-');
    stack = await start(dir.path);
  });
  afterAll(async () => {
    await stack.stop();
    await dir[Symbol.asyncDispose]();
  });

  test('deploys RefLending and opens the demo loans at their documented health', async () => {
    expect([stack.deployed, stack.refLendingDeployed]).toEqual([true, true]);
    const ref = await attachRefLending(stack.anvil.rpcUrl, stack.refLending);
    expect(ref.positions).toBe(stack.refPositions);
    expect(await readDemoLoans(ref)).toEqual([...EXPECTED_DEMO_LOANS]);
  });

  test('records both deployments in deployment.json', async () => {
    expect(await readDeployment(join(dir.path, 'deployment.json'))).toEqual({
      chainId: 31_337,
      testPositions: stack.testPositions,
      multicall3: stack.multicall3,
      refLending: stack.refLending,
      refPositions: stack.refPositions,
    });
  });

  test('lists TestPositions and RefPositions in contracts.yaml for the ownership cache', async () => {
    expect(await readYaml(join(dir.path, 'contracts.yaml'))).toEqual({
      contracts: {
        'test-positions': { network: 'base', address: stack.testPositions, max_token_id: String(DEMO_MAX_TOKEN_ID) },
        'ref-positions': {
          network: 'base',
          address: stack.refPositions,
          max_token_id: String(DEMO_LOANS_MAX_TOKEN_ID),
        },
      },
    });
  });

  test('writes chains.json for the dapp with the RPC URL and checksummed RefLending addresses', async () => {
    const nft = getAddress(stack.refPositions);
    const debt = getAddress(stack.refLending);
    expect([nft, debt]).toEqual([stack.refPositions, stack.refLending]);
    expect(await readJson(join(dir.path, 'chains.json'))).toEqual({
      chains: {
        base: {
          chainId: 31_337,
          rpc: stack.anvil.rpcUrl,
          protocol: 'reference',
          nft,
          resolver: null,
          defaultPreset: 'ETH-USD',
          presets: [{ key: 'ETH-USD', label: 'Reference ETH / USD (local chain)', nft, debt }],
          ownercacheKey: 'ref-positions',
        },
      },
      _source: 'services/devchain dev stack',
    });
  });
});

describe('dev stack, later starts', () => {
  test('a restart on the saved chain reuses both deployments and points chains.json at the new RPC URL', async () => {
    await using dir = await tempDir('devchain-stack-');
    const first = await start(dir.path);
    await first.stop();
    const recordBefore = await readFile(join(dir.path, 'deployment.json'), 'utf8');

    await using second = await start(dir.path);
    expect(second).toMatchObject({
      deployed: false,
      refLendingDeployed: false,
      testPositions: first.testPositions,
      refLending: first.refLending,
      refPositions: first.refPositions,
    });
    expect(await readFile(join(dir.path, 'deployment.json'), 'utf8')).toBe(recordBefore);
    expect(await readJson(join(dir.path, 'chains.json'))).toMatchObject({
      chains: { base: { rpc: second.anvil.rpcUrl } },
    });
    expect(await readDemoLoans(await attachRefLending(second.anvil.rpcUrl, second.refLending))).toEqual([
      ...EXPECTED_DEMO_LOANS,
    ]);
  });

  test('a deployment record from before RefLending gets the pair deployed once, keeping TestPositions', async () => {
    await using dir = await tempDir('devchain-stack-');
    // What the dev stack left before it knew RefLending: TestPositions with the demo set, and a record without ref.
    const anvil = await startAnvil({ statePath: join(dir.path, 'state.json') });
    const multicall3 = await ensureMulticall3(anvil.rpcUrl);
    const positions = await deployTestPositions(anvil.rpcUrl);
    await mintDemoSet(positions);
    const oldRecord = { chainId: anvil.chainId, testPositions: getAddress(positions.address), multicall3 };
    await writeFile(join(dir.path, 'deployment.json'), JSON.stringify(oldRecord));
    await anvil.stop();

    const messages: string[] = [];
    const upgraded = await start(dir.path, messages);
    await upgraded.stop();
    expect(upgraded).toMatchObject({
      deployed: false,
      refLendingDeployed: true,
      testPositions: oldRecord.testPositions,
    });
    expect(messages).toContain('deployment.json predates RefLending; deploying it');
    expect(await readDeployment(join(dir.path, 'deployment.json'))).toEqual({
      ...oldRecord,
      refLending: upgraded.refLending,
      refPositions: upgraded.refPositions,
    });

    await using again = await start(dir.path);
    expect(again).toMatchObject({
      deployed: false,
      refLendingDeployed: false,
      refLending: upgraded.refLending,
      refPositions: upgraded.refPositions,
    });
    expect(await readDemoLoans(await attachRefLending(again.anvil.rpcUrl, again.refLending))).toEqual([
      ...EXPECTED_DEMO_LOANS,
    ]);
  });
});
