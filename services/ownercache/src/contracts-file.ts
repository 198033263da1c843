// OWNERCACHE_CONFIG: the YAML map of contract keys to network, address and highest token id, validated.

import { getAddress, isAddress } from 'viem';
import { parse as parseYaml } from 'yaml';
import { NETWORKS } from './networks.ts';

export interface ContractEntry {
  /** What clients pass as `nft_contract`. */
  readonly key: string;
  readonly network: string;
  /** Checksummed. */
  readonly address: `0x${string}`;
  readonly maxTokenId: bigint;
}

/** Parses and validates the file's text; throws one Error listing every problem, each naming key and field. */
export function parseContractsFile(text: string, source: string): ContractEntry[] {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new Error(`${source}: not valid YAML (${(error as Error).message})`);
  }
  const contracts = (document as { contracts?: unknown } | null)?.contracts;
  if (typeof contracts !== 'object' || contracts === null || Array.isArray(contracts)) {
    throw new Error(`${source}: expected a top-level "contracts:" map of contract keys`);
  }
  const problems: string[] = [];
  const entries: ContractEntry[] = [];
  for (const [key, value] of Object.entries(contracts)) {
    const where = `${source}: contracts.${key}`;
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key))
      problems.push(`${where}: key must be 1-64 letters, digits, '-', '_' or '.'`);
    if (typeof value !== 'object' || value === null) {
      problems.push(`${where}: expected a map with network, address, max_token_id`);
      continue;
    }
    const { network, address, max_token_id: maxTokenId, ...rest } = value as Record<string, unknown>;
    for (const field of Object.keys(rest)) problems.push(`${where}.${field}: unknown field`);
    if (typeof network !== 'string' || NETWORKS[network] === undefined) {
      problems.push(`${where}.network: must be one of ${Object.keys(NETWORKS).join(', ')}`);
    }
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      problems.push(`${where}.address: must be a 0x-prefixed 20-byte hex address`);
    } else if (address !== address.toLowerCase() && address !== getAddress(address)) {
      problems.push(`${where}.address: mixed-case address with a wrong checksum (EIP-55)`);
    }
    if (typeof maxTokenId !== 'string' || !/^\d{1,78}$/.test(maxTokenId)) {
      problems.push(`${where}.max_token_id: must be a string holding a non-negative integer, e.g. "10000"`);
    }
    if (problems.length === 0) {
      entries.push({
        key,
        network: network as string,
        address: getAddress(address as string),
        maxTokenId: BigInt(maxTokenId as string),
      });
    }
  }
  if (Object.keys(contracts).length === 0) problems.push(`${source}: "contracts:" is empty`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return entries;
}
