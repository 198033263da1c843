// The ownership cache's settings: environment variables, flags and the contracts file, validated at start.

import { readFileSync } from 'node:fs';
import {
  asApiKey,
  asDuration,
  asInteger,
  ConfigError,
  type ConfigSource,
  type CorsConfig,
  corsConfig,
  corsSettings,
  type Durability,
  type LogLevel,
  loadConfig,
  serviceSettings,
  setting,
} from '@keel/kit';
import { type ContractEntry, parseContractsFile } from './contracts-file.ts';
import { NETWORKS } from './networks.ts';

export interface RpcSettings {
  /** Most requests per second to one endpoint; the client slows below it when the provider throttles. */
  readonly requestsPerSecond: number;
  readonly maxConcurrency: number;
  readonly timeoutMs: number;
  /** `ownerOf` calls per Multicall3 request. */
  readonly scanBatch: number;
  /** Widest `eth_getLogs` block range tried; it shrinks when a provider refuses a range. */
  readonly maxLogRange: number;
}

export interface IndexerConfig {
  /** `https://{network}.g.alchemy.com/nft/v3/{key}`: `{network}` becomes e.g. `base-mainnet`. */
  readonly urlTemplate: string;
  readonly apiKey: string;
}

export interface OwnercacheConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  readonly durability: Durability;
  readonly apiKey: string;
  readonly cors: CorsConfig | null;
  readonly contracts: readonly ContractEntry[];
  /** RPC URL per network in use. */
  readonly rpcUrls: Readonly<Record<string, string>>;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** How long a request waits for a contract's first index build before falling back. */
  readonly buildWaitMs: number;
  readonly rpc: RpcSettings;
  readonly indexer: IndexerConfig | null;
}

const asUrl = (raw: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`'${raw}' is not a URL`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) throw new Error(`'${raw}' is not http(s)`);
  return raw;
};

const spec = {
  ...serviceSettings({ service: 'ownercache', port: 8090 }),
  apiKey: setting({
    env: ['OWNERCACHE_API_KEY'],
    help: 'the key clients send as X-API-Key; generate with scripts/gen-key',
    parse: asApiKey,
  }),
  ...corsSettings,
  contracts: setting({
    env: ['OWNERCACHE_CONFIG'],
    help: 'YAML file of contracts (contracts: key: {network, address, max_token_id})',
    parse: (path) => {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new Error(`cannot read ${path}: ${(error as Error).message}`);
      }
      return parseContractsFile(text, path);
    },
    default: null as readonly ContractEntry[] | null,
  }),
  ethRpc: setting<string | null>({ env: ['ETH_RPC_URL'], help: 'RPC URL of mainnet', parse: asUrl, default: null }),
  baseRpc: setting<string | null>({ env: ['BASE_RPC_URL'], help: 'RPC URL of Base', parse: asUrl, default: null }),
  arbRpc: setting<string | null>({ env: ['ARB_RPC_URL'], help: 'RPC URL of Arbitrum', parse: asUrl, default: null }),
  ttlMs: setting({
    env: ['OWNERCACHE_TTL'],
    help: 'how old an index may be before answers are marked stale and refreshed, e.g. 24h',
    parse: asDuration({ min: 1_000 }),
    default: 24 * 3_600_000,
  }),
  pollIntervalMs: setting({
    env: ['OWNERCACHE_POLL_INTERVAL'],
    help: 'how often new blocks are checked for Transfer logs',
    parse: asDuration({ min: 50 }),
    default: 2_000,
  }),
  buildWaitMs: setting({
    env: ['OWNERCACHE_BUILD_WAIT'],
    help: 'how long a request waits for a first index build before the indexer or a 503 answers',
    parse: asDuration(),
    default: 3_000,
  }),
  requestsPerSecond: setting({
    env: ['OWNERCACHE_RPC_RPS'],
    help: 'most requests per second to one RPC endpoint',
    parse: asInteger({ min: 1, max: 100_000 }),
    default: 25,
  }),
  maxConcurrency: setting({
    env: ['OWNERCACHE_RPC_CONCURRENCY'],
    help: 'most requests in flight to one RPC endpoint',
    parse: asInteger({ min: 1, max: 256 }),
    default: 4,
  }),
  timeoutMs: setting({
    env: ['OWNERCACHE_RPC_TIMEOUT'],
    help: 'timeout of one RPC request',
    parse: asDuration({ min: 100 }),
    default: 10_000,
  }),
  scanBatch: setting({
    env: ['OWNERCACHE_SCAN_BATCH'],
    help: 'ownerOf calls per Multicall3 request',
    parse: asInteger({ min: 1, max: 5_000 }),
    // ~6.5k gas a call: 1,000 calls stay far below every provider's eth_call gas cap (anchors/alerting.md §2).
    default: 1_000,
  }),
  maxLogRange: setting({
    env: ['OWNERCACHE_LOG_RANGE'],
    help: 'widest eth_getLogs block range tried',
    parse: asInteger({ min: 1, max: 10_000_000 }),
    default: 2_000,
  }),
  indexerUrl: setting<string | null>({
    env: ['OWNERCACHE_INDEXER_URL'],
    help: 'Alchemy-style NFT API base, e.g. https://{network}.g.alchemy.com/nft/v3/{key}; unset disables the fallback',
    parse: asUrl,
    default: null,
  }),
  indexerKey: setting<string | null>({
    env: ['OWNERCACHE_INDEXER_KEY'],
    help: 'API key of the indexer',
    parse: (raw) => raw,
    default: null,
  }),
};

export function readConfig(source: ConfigSource): OwnercacheConfig {
  const values = loadConfig(spec, source);
  const problems: string[] = [];
  if (values.contracts === null) problems.push('OWNERCACHE_CONFIG: required but not set (path of the contracts YAML)');
  const byNetwork: Record<string, string | null> = {
    mainnet: values.ethRpc,
    base: values.baseRpc,
    arbitrum: values.arbRpc,
  };
  const rpcUrls: Record<string, string> = {};
  for (const contract of values.contracts ?? []) {
    const url = byNetwork[contract.network] ?? null;
    if (url === null) {
      const env = NETWORKS[contract.network]?.rpcEnv ?? '';
      problems.push(`${env}: required by contract '${contract.key}' on ${contract.network}`);
    } else rpcUrls[contract.network] = url;
  }
  if ((values.indexerUrl === null) !== (values.indexerKey === null)) {
    problems.push('OWNERCACHE_INDEXER_URL and OWNERCACHE_INDEXER_KEY: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return {
    port: values.port,
    host: values.host,
    dataDir: values.dataDir,
    logLevel: values.logLevel,
    durability: values.durability,
    apiKey: values.apiKey,
    cors: corsConfig(values),
    contracts: values.contracts ?? [],
    rpcUrls,
    ttlMs: values.ttlMs,
    pollIntervalMs: values.pollIntervalMs,
    buildWaitMs: values.buildWaitMs,
    rpc: {
      requestsPerSecond: values.requestsPerSecond,
      maxConcurrency: values.maxConcurrency,
      timeoutMs: values.timeoutMs,
      scanBatch: values.scanBatch,
      maxLogRange: values.maxLogRange,
    },
    indexer:
      values.indexerUrl === null || values.indexerKey === null
        ? null
        : { urlTemplate: values.indexerUrl, apiKey: values.indexerKey },
  };
}
