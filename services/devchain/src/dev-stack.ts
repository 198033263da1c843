// The dev chain as one unit: anvil on saved state, Multicall3, TestPositions and RefLending deployed once, and the
// files other services read (deployment.json, chains.json for the dapp, contracts.yaml for the ownership cache).

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@keel/kit';
import { type Address, createPublicClient, getAddress, http } from 'viem';
import { type Anvil, startAnvil } from './anvil.ts';
import { REF_POSITIONS_CACHE_KEY, renderChainsConfig } from './chains-config.ts';
import { renderContractsYaml } from './contracts-yaml.ts';
import { DEMO_LOANS_MAX_TOKEN_ID, openDemoLoans } from './demo-loans.ts';
import { DEMO_MAX_TOKEN_ID, mintDemoSet } from './demo-set.ts';
import {
  hasRefLending,
  type RecordedDeployment,
  readDeployment,
  writeAtomically,
  writeDeployment,
} from './deployment.ts';
import { ensureMulticall3 } from './multicall3.ts';
import { deployRefLending } from './ref-lending.ts';
import { deployTestPositions } from './test-positions.ts';

/** The ownership cache's network name for the dev chain: it stands in for Base, where Multicall3 is preinstalled. */
export const DEV_NETWORK = 'base';

export interface DevStackOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly logger: Logger;
}

export interface DevStack extends AsyncDisposable {
  readonly anvil: Anvil;
  readonly multicall3: Address;
  readonly testPositions: Address;
  readonly refLending: Address;
  readonly refPositions: Address;
  /** True when this start deployed TestPositions (and minted the demo set); false when it reused the saved one. */
  readonly deployed: boolean;
  /** True when this start deployed RefLending and RefPositions (and opened the demo loans). */
  readonly refLendingDeployed: boolean;
  /** Stops anvil, which dumps the chain to `<dataDir>/state.json`. */
  stop(): Promise<void>;
}

export async function startDevStack({ port, dataDir, logger }: DevStackOptions): Promise<DevStack> {
  await mkdir(dataDir, { recursive: true });
  const anvil = await startAnvil({ port, statePath: join(dataDir, 'state.json') });
  try {
    const multicall3 = await ensureMulticall3(anvil.rpcUrl);
    const deploymentPath = join(dataDir, 'deployment.json');
    const recorded = await readDeployment(deploymentPath);
    const testPositions = await ensureTestPositions(anvil.rpcUrl, recorded, logger);
    const ref = await ensureRefLending(anvil.rpcUrl, recorded, logger);
    if (testPositions.deployed || ref.deployed) {
      await writeDeployment(deploymentPath, {
        chainId: anvil.chainId,
        testPositions: testPositions.address,
        multicall3,
        refLending: ref.lending,
        refPositions: ref.positions,
      });
    }
    // chains.json before contracts.yaml: the root stack moves on once contracts.yaml exists, and the dapp started
    // after it must find chains.json too. Rewritten on every start, since the RPC URL's port may differ.
    const chains = renderChainsConfig({
      network: DEV_NETWORK,
      chainId: anvil.chainId,
      rpcUrl: anvil.rpcUrl,
      refLending: ref.lending,
      refPositions: ref.positions,
    });
    await writeAtomically(join(dataDir, 'chains.json'), chains);
    const yaml = renderContractsYaml([
      { name: 'test-positions', network: DEV_NETWORK, address: testPositions.address, maxTokenId: DEMO_MAX_TOKEN_ID },
      {
        name: REF_POSITIONS_CACHE_KEY,
        network: DEV_NETWORK,
        address: ref.positions,
        maxTokenId: DEMO_LOANS_MAX_TOKEN_ID,
      },
    ]);
    await writeAtomically(join(dataDir, 'contracts.yaml'), yaml);
    return {
      anvil,
      multicall3,
      testPositions: testPositions.address,
      refLending: ref.lending,
      refPositions: ref.positions,
      deployed: testPositions.deployed,
      refLendingDeployed: ref.deployed,
      stop: anvil.stop,
      [Symbol.asyncDispose]: anvil.stop,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

async function ensureTestPositions(
  rpcUrl: string,
  recorded: RecordedDeployment | null,
  logger: Logger,
): Promise<{ address: Address; deployed: boolean }> {
  if (recorded !== null && (await hasCode(rpcUrl, recorded.testPositions))) {
    return { address: recorded.testPositions, deployed: false };
  }
  if (recorded !== null) logger.warn('recorded TestPositions has no code; deploying again', { ...recorded });
  const positions = await deployTestPositions(rpcUrl);
  await mintDemoSet(positions);
  const address = getAddress(positions.address);
  logger.info('deployed TestPositions with the demo set', { address, max_token_id: DEMO_MAX_TOKEN_ID });
  return { address, deployed: true };
}

async function ensureRefLending(
  rpcUrl: string,
  recorded: RecordedDeployment | null,
  logger: Logger,
): Promise<{ lending: Address; positions: Address; deployed: boolean }> {
  if (recorded !== null && hasRefLending(recorded)) {
    if (await hasCode(rpcUrl, recorded.refLending)) {
      return { lending: recorded.refLending, positions: recorded.refPositions, deployed: false };
    }
    logger.warn('recorded RefLending has no code; deploying again', { ...recorded });
  } else if (recorded !== null) {
    logger.info('deployment.json predates RefLending; deploying it', { ...recorded });
  }
  const ref = await deployRefLending(rpcUrl);
  await openDemoLoans(ref);
  logger.info('deployed RefLending with the demo loans', {
    ref_lending: ref.lending,
    ref_positions: ref.positions,
    max_token_id: DEMO_LOANS_MAX_TOKEN_ID,
  });
  return { lending: ref.lending, positions: ref.positions, deployed: true };
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({ address });
  return code !== undefined && code !== '0x';
}
