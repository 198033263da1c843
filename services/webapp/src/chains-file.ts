// The chains file (config/chains.json, or the dev stack's data/devchain/chains.json): each chain's contracts and presets.

import { type Address, getAddress, isAddress } from 'viem';

export type Protocol = 'fluid' | 'reference';

export interface ChainPreset {
  /** `PAIR-QUOTE`, e.g. `ETH-USDC`. */
  readonly key: string;
  readonly label: string;
  readonly nft: Address;
  readonly debt: Address;
}

/** One chain as the file lists it; `rpc` is optional there (the dev stack writes one). */
export interface ChainEntry {
  readonly chainId: number;
  readonly rpc: string | null;
  readonly protocol: Protocol;
  readonly nft: Address;
  /** Fluid's VaultResolver; `null` for the reference protocol, which reads positions from its debt contract. */
  readonly resolver: Address | null;
  readonly defaultPreset: string;
  readonly presets: readonly ChainPreset[];
  /** The ownership cache's `nft_contract` key for this chain's NFT; `null` when the cache does not index it. */
  readonly ownercacheKey: string | null;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks the whole file; throws one Error listing every problem, with the JSON path of each. */
export function parseChainsFile(text: string, path: string): Readonly<Record<string, ChainEntry>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(json) || !isObject(json.chains) || Object.keys(json.chains).length === 0) {
    throw new Error(`${path} must be an object with a non-empty "chains" map`);
  }
  const problems: string[] = [];
  const chains: Record<string, ChainEntry> = {};
  for (const [name, raw] of Object.entries(json.chains)) {
    const chain = parseChain(name, raw, problems);
    if (chain !== null) chains[name] = chain;
  }
  if (problems.length > 0) throw new Error(`${path}: ${problems.join('; ')}`);
  return chains;
}

function parseChain(name: string, raw: unknown, problems: string[]): ChainEntry | null {
  const where = `chains.${name}`;
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(name)) problems.push(`${where}: a chain name is lower-case letters and digits`);
  if (!isObject(raw)) {
    problems.push(`${where} must be an object`);
    return null;
  }
  const before = problems.length;
  const chainId = raw.chainId;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    problems.push(`${where}.chainId must be a positive integer`);
  }
  const protocol = raw.protocol;
  if (protocol !== 'fluid' && protocol !== 'reference') problems.push(`${where}.protocol must be fluid or reference`);
  const rpc = raw.rpc === undefined || raw.rpc === null ? null : url(raw.rpc, `${where}.rpc`, problems);
  const nft = address(raw.nft, `${where}.nft`, problems);
  const resolver =
    raw.resolver === null || raw.resolver === undefined ? null : address(raw.resolver, `${where}.resolver`, problems);
  if (protocol === 'fluid' && resolver === null) problems.push(`${where}.resolver is required for Fluid`);
  const presets: ChainPreset[] = [];
  if (!Array.isArray(raw.presets) || raw.presets.length === 0) {
    problems.push(`${where}.presets must list at least one preset`);
  } else {
    raw.presets.forEach((preset: unknown, index) => {
      const at = `${where}.presets[${index}]`;
      if (!isObject(preset)) {
        problems.push(`${at} must be an object`);
        return;
      }
      presets.push({
        key: text(preset.key, `${at}.key`, problems),
        label: text(preset.label, `${at}.label`, problems),
        nft: address(preset.nft, `${at}.nft`, problems),
        debt: address(preset.debt, `${at}.debt`, problems),
      });
    });
  }
  const keys = presets.map((preset) => preset.key);
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate !== undefined) problems.push(`${where}.presets: key ${duplicate} appears twice`);
  const defaultPreset = text(raw.defaultPreset, `${where}.defaultPreset`, problems);
  if (presets.length > 0 && !keys.includes(defaultPreset)) {
    problems.push(`${where}.defaultPreset ${defaultPreset} is not one of its presets`);
  }
  const ownercacheKey = raw.ownercacheKey ?? null;
  if (ownercacheKey !== null && (typeof ownercacheKey !== 'string' || ownercacheKey === '')) {
    problems.push(`${where}.ownercacheKey must be a non-empty string or null`);
  }
  if (problems.length > before) return null;
  return {
    chainId: chainId as number,
    rpc,
    protocol: protocol as Protocol,
    nft,
    resolver,
    defaultPreset,
    presets,
    ownercacheKey: ownercacheKey as string | null,
  };
}

function text(value: unknown, where: string, problems: string[]): string {
  if (typeof value === 'string' && value !== '') return value;
  problems.push(`${where} must be a non-empty string`);
  return '';
}

function address(value: unknown, where: string, problems: string[]): Address {
  if (typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  problems.push(`${where} must be a 0x-prefixed 20-byte address`);
  return '0x0000000000000000000000000000000000000000';
}

function url(value: unknown, where: string, problems: string[]): string | null {
  if (typeof value === 'string' && /^(https?|wss?):\/\/\S+$/.test(value)) return value;
  problems.push(`${where} must be an http(s) or ws(s) URL`);
  return null;
}
