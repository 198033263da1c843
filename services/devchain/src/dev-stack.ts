// The dev chain as one unit: anvil on saved state, Multicall3, TestPositions deployed once, contracts.yaml written.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@keel/kit';
import { type Address, createPublicClient, getAddress, http } from 'viem';
import { type Anvil, startAnvil } from './anvil.ts';
import { renderContractsYaml } from './contracts-yaml.ts';
import { DEMO_MAX_TOKEN_ID, mintDemoSet } from './demo-set.ts';
import { readDeployment, writeAtomically, writeDeployment } from './deployment.ts';
import { ensureMulticall3 } from './multicall3.ts';
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
  /** True when this start deployed TestPositions (and minted the demo set); false when it reused the saved one. */
  readonly deployed: boolean;
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
    let testPositions: Address;
    let deployed = false;
    if (recorded !== null && (await hasCode(anvil.rpcUrl, recorded.testPositions))) {
      testPositions = recorded.testPositions;
    } else {
      if (recorded !== null) logger.warn('recorded TestPositions has no code; deploying again', { ...recorded });
      const positions = await deployTestPositions(anvil.rpcUrl);
      await mintDemoSet(positions);
      testPositions = getAddress(positions.address);
      deployed = true;
      await writeDeployment(deploymentPath, { chainId: anvil.chainId, testPositions, multicall3 });
      logger.info('deployed TestPositions with the demo set', {
        address: testPositions,
        max_token_id: DEMO_MAX_TOKEN_ID,
      });
    }
    const yaml = renderContractsYaml([
      { name: 'test-positions', network: DEV_NETWORK, address: testPositions, maxTokenId: DEMO_MAX_TOKEN_ID },
    ]);
    await writeAtomically(join(dataDir, 'contracts.yaml'), yaml);
    return { anvil, multicall3, testPositions, deployed, stop: anvil.stop, [Symbol.asyncDispose]: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({ address });
  return code !== undefined && code !== '0x';
}
