// The record of what the dev stack deployed (deployment.json), so a restart on the saved chain reuses it.

import { readFile, rename, writeFile } from 'node:fs/promises';
import { type Address, isAddress } from 'viem';

/** What the dev stack deployed; written whole to deployment.json. */
export interface Deployment {
  readonly chainId: number;
  readonly testPositions: Address;
  readonly multicall3: Address;
  readonly refLending: Address;
  readonly refPositions: Address;
}

/** A record written before the dev stack deployed the reference lending protocol: it has neither ref field. */
export type DeploymentWithoutRefLending = Omit<Deployment, 'refLending' | 'refPositions'>;

export type RecordedDeployment = Deployment | DeploymentWithoutRefLending;

/**
 * null when the file does not exist; throws when it exists but is not a deployment record. A record with neither
 * `refLending` nor `refPositions` is an older one and reads as DeploymentWithoutRefLending; one with only one of
 * them, or with any field of the wrong type, is refused.
 */
export async function readDeployment(path: string): Promise<RecordedDeployment | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const value: unknown = JSON.parse(text);
  if (!isRecordedDeployment(value)) throw new Error(`${path} is not a deployment record: ${text.slice(0, 200)}`);
  return value;
}

/** True when `recorded` names a RefLending pair (it may still lack code on the current chain). */
export function hasRefLending(recorded: RecordedDeployment): recorded is Deployment {
  return 'refLending' in recorded;
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

function isRecordedDeployment(value: unknown): value is RecordedDeployment {
  if (typeof value !== 'object' || value === null) return false;
  const common =
    'chainId' in value &&
    typeof value.chainId === 'number' &&
    'testPositions' in value &&
    isAddressValue(value.testPositions) &&
    'multicall3' in value &&
    isAddressValue(value.multicall3);
  if (!common) return false;
  if (!('refLending' in value) && !('refPositions' in value)) return true;
  return (
    'refLending' in value &&
    isAddressValue(value.refLending) &&
    'refPositions' in value &&
    isAddressValue(value.refPositions)
  );
}

function isAddressValue(value: unknown): boolean {
  return typeof value === 'string' && isAddress(value);
}
