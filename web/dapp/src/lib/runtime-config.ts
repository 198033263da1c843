// The configuration the web app server hands the page as `window.__KEEL_CONFIG__` (from `/config.js`), checked.

import { type Address, isAddress } from 'viem';

export type Protocol = 'fluid' | 'reference';

export interface Preset {
  /** `PAIR-QUOTE`, e.g. `ETH-USDC`. */
  readonly key: string;
  readonly label: string;
  readonly nft: Address;
  readonly debt: Address;
}

export interface ChainConfig {
  readonly chainId: number;
  readonly rpc: string;
  readonly protocol: Protocol;
  readonly nft: Address;
  readonly resolver: Address | null;
  readonly defaultPreset: string;
  readonly presets: readonly Preset[];
  /** The ownership cache's `nft_contract` key for this chain's NFT; `null` when the cache does not index it. */
  readonly ownercacheKey: string | null;
}

export interface RuntimeConfig {
  readonly walletProjectId: string | null;
  readonly enableMainnet: boolean;
  readonly notifierUrl: string;
  readonly schedulerUrl: string;
  readonly ownercacheUrl: string;
  readonly schedulerApiKey: string | null;
  readonly ownercacheApiKey: string | null;
  /** Absolute URL at which the scheduler (not the browser) reaches the notifier. */
  readonly notifierUrlForScheduler: string;
  /** `base`, `arbitrum`, and `mainnet` only when enabled. */
  readonly chains: Readonly<Record<string, ChainConfig>>;
}

/** Every problem found in the page's configuration, listed at once. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`the page's configuration (/config.js) is unusable: ${problems.join('; ')}`);
  }
}

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape field by field; the chain map keeps its order (the first chain is the default). */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const problems: string[] = [];
  if (!isObject(value)) throw new RuntimeConfigError(['window.__KEEL_CONFIG__ is missing or not an object']);

  const text = (fields: Fields, name: string, where: string): string => {
    const field = fields[name];
    if (typeof field === 'string' && field !== '') return field;
    problems.push(`${where}${name} must be a non-empty string`);
    return '';
  };
  const optionalText = (fields: Fields, name: string): string | null => {
    const field = fields[name];
    if (field === null || field === undefined || field === '') return null;
    if (typeof field === 'string') return field;
    problems.push(`${name} must be a string or null`);
    return null;
  };
  const address = (fields: Fields, name: string, where: string): Address => {
    const field = fields[name];
    if (typeof field === 'string' && isAddress(field, { strict: false })) return field as Address;
    problems.push(`${where}${name} must be a 0x-prefixed 20-byte address`);
    return '0x0000000000000000000000000000000000000000';
  };

  const enableMainnet = value.enableMainnet;
  if (typeof enableMainnet !== 'boolean') problems.push('enableMainnet must be true or false');

  const chains: Record<string, ChainConfig> = {};
  if (!isObject(value.chains) || Object.keys(value.chains).length === 0) {
    problems.push('chains must name at least one chain');
  } else {
    for (const [name, raw] of Object.entries(value.chains)) {
      const where = `chains.${name}.`;
      if (!isObject(raw)) {
        problems.push(`chains.${name} must be an object`);
        continue;
      }
      const chain = parseChain(raw, where, { text, address, problems });
      if (chain !== null) chains[name] = chain;
    }
  }

  const config: RuntimeConfig = {
    walletProjectId: optionalText(value, 'walletProjectId'),
    enableMainnet: enableMainnet === true,
    notifierUrl: text(value, 'notifierUrl', ''),
    schedulerUrl: text(value, 'schedulerUrl', ''),
    ownercacheUrl: text(value, 'ownercacheUrl', ''),
    schedulerApiKey: optionalText(value, 'schedulerApiKey'),
    ownercacheApiKey: optionalText(value, 'ownercacheApiKey'),
    notifierUrlForScheduler: text(value, 'notifierUrlForScheduler', ''),
    chains,
  };
  if (problems.length > 0) throw new RuntimeConfigError(problems);
  return config;
}

function parseChain(
  raw: Fields,
  where: string,
  check: {
    text: (fields: Fields, name: string, where: string) => string;
    address: (fields: Fields, name: string, where: string) => Address;
    problems: string[];
  },
): ChainConfig | null {
  const { text, address, problems } = check;
  const chainId = raw.chainId;
  if (typeof chainId !== 'number' || !Number.isInteger(chainId) || chainId <= 0) {
    problems.push(`${where}chainId must be a positive integer`);
  }
  const protocol = raw.protocol;
  if (protocol !== 'fluid' && protocol !== 'reference')
    problems.push(`${where}protocol must be 'fluid' or 'reference'`);
  const resolver = raw.resolver === null || raw.resolver === undefined ? null : address(raw, 'resolver', where);
  if (protocol === 'fluid' && resolver === null) problems.push(`${where}resolver is required for Fluid`);
  const presets: Preset[] = [];
  if (!Array.isArray(raw.presets) || raw.presets.length === 0) {
    problems.push(`${where}presets must list at least one preset`);
  } else {
    raw.presets.forEach((preset: unknown, index) => {
      const at = `${where}presets[${index}].`;
      if (!isObject(preset)) {
        problems.push(`${at.slice(0, -1)} must be an object`);
        return;
      }
      presets.push({
        key: text(preset, 'key', at),
        label: text(preset, 'label', at),
        nft: address(preset, 'nft', at),
        debt: address(preset, 'debt', at),
      });
    });
  }
  const defaultPreset = text(raw, 'defaultPreset', where);
  if (presets.length > 0 && defaultPreset !== '' && !presets.some((preset) => preset.key === defaultPreset)) {
    problems.push(`${where}defaultPreset '${defaultPreset}' is not one of its presets`);
  }
  const ownercacheKey = raw.ownercacheKey;
  if (ownercacheKey !== null && ownercacheKey !== undefined && typeof ownercacheKey !== 'string') {
    problems.push(`${where}ownercacheKey must be a string or null`);
  }
  return {
    chainId: typeof chainId === 'number' ? chainId : 0,
    rpc: text(raw, 'rpc', where),
    protocol: protocol === 'fluid' ? 'fluid' : 'reference',
    nft: address(raw, 'nft', where),
    resolver,
    defaultPreset,
    presets,
    ownercacheKey: typeof ownercacheKey === 'string' && ownercacheKey !== '' ? ownercacheKey : null,
  };
}
