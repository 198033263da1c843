// The record of what the dev stack deployed (deployment.json), so a restart on the saved chain reuses it.

import { readFile, rename, writeFile } from 'node:fs/promises';
import { type Address, isAddress } from 'viem';

export interface Deployment {
  readonly chainId: number;
  readonly testPositions: Address;
  readonly multicall3: Address;
}

/** null when the file does not exist; throws when it exists but is not a deployment record. */
export async function readDeployment(path: string): Promise<Deployment | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const value: unknown = JSON.parse(text);
  if (!isDeployment(value)) throw new Error(`${path} is not a deployment record: ${text.slice(0, 200)}`);
  return value;
}

export async function writeDeployment(path: string, deployment: Deployment): Promise<void> {
  await writeAtomically(path, `${JSON.stringify(deployment, null, 2)}\n`);
}

/** Write-then-rename, so a reader (or a crash) never sees half a file. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, path);
}

function isDeployment(value: unknown): value is Deployment {
  return (
    typeof value === 'object' &&
    value !== null &&
    'chainId' in value &&
    typeof value.chainId === 'number' &&
    'testPositions' in value &&
    typeof value.testPositions === 'string' &&
    isAddress(value.testPositions) &&
    'multicall3' in value &&
    typeof value.multicall3 === 'string' &&
    isAddress(value.multicall3)
  );
}
