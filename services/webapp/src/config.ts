// The web app server's settings: environment variables, flags and the chains file, validated at start.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  asApiKey,
  asDuration,
  asText,
  ConfigError,
  type ConfigSource,
  type Durability,
  type LogLevel,
  loadConfig,
  serviceSettings,
  setting,
} from '@keel/kit';
import { type ChainEntry, type ChainPreset, type Protocol, parseChainsFile } from './chains-file.ts';

/** A chain as the server and the page use it: the file's entry with its RPC URL settled. */
export interface ChainConfig extends Omit<ChainEntry, 'rpc'> {
  readonly rpc: string;
}

export type { ChainPreset, Protocol };

/** What `/config.js` hands the page, apart from the chains. */
export interface PublicSettings {
  /** WalletConnect (Reown) project id; `null` leaves only injected wallets. */
  readonly walletProjectId: string | null;
  readonly enableMainnet: boolean;
  readonly notifierUrl: string;
  readonly schedulerUrl: string;
  readonly ownercacheUrl: string;
  readonly schedulerApiKey: string | null;
  readonly ownercacheApiKey: string | null;
}

export interface WebappConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  readonly durability: Durability;
  /** Mainnet only when PUBLIC_ENABLE_MAINNET=true; in the file's order (the first chain is the page's default). */
  readonly chains: Readonly<Record<string, ChainConfig>>;
  readonly public: PublicSettings;
  /** Absolute URL of the notifier as the server (and the scheduler) reach it. */
  readonly notifierUrl: string;
  readonly schedulerUrl: string;
  readonly schedulerApiKey: string;
  /** Where the scheduler calls this server back. */
  readonly publicUrl: string;
  /** The secret the scheduler sends back as X-Webapp-Task-Key. */
  readonly taskKey: string;
  /** Base of the deep links in alerts. */
  readonly linkBase: string;
  readonly checkIntervalMs: number;
  readonly webRoot: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_CHAINS_CONFIG = `${REPO_ROOT}config/chains.json`;
const DEFAULT_WEB_ROOT = `${REPO_ROOT}web/dapp/dist`;

/** Public endpoints, so the dapp works without any RPC configured; rate limits make a private one advisable. */
const DEFAULT_RPC: Readonly<Record<string, string>> = {
  base: 'https://mainnet.base.org',
  arbitrum: 'https://arb1.arbitrum.io/rpc',
  mainnet: 'https://ethereum-rpc.publicnode.com',
};

/**
 * 4 s: "a crossing mined on chain reaches the notifier within one block plus 5 seconds" (issue 5 §3). A check
 * starts at most one interval after the block, and reading plus publishing takes well under a second.
 */
const DEFAULT_CHECK_INTERVAL_MS = 4_000;

const asUrl = (raw: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`'${raw}' is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`'${raw}' is not http or https`);
  return raw.replace(/\/+$/, '');
};

const asRpcUrl = (raw: string): string => {
  if (!/^(https?|wss?):\/\/\S+$/.test(raw)) throw new Error(`'${raw}' is not an http(s) or ws(s) URL`);
  return raw;
};

/** A path behind the gateway (`/notifier`) or an absolute URL; no trailing slash. */
const asServiceUrl = (raw: string): string => {
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw === '/' ? raw : raw.replace(/\/+$/, '');
  return asUrl(raw);
};

const asBoolean = (raw: string): boolean => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`'${raw}' is neither true nor false`);
};

const optionalText = (env: string, help: string) =>
  setting<string | null>({ env: [env], help, parse: asText, default: null });

const spec = {
  ...serviceSettings({ service: 'webapp', port: 3000 }),
  chainsFile: setting({
    env: ['WEBAPP_CHAINS_CONFIG'],
    help: 'JSON file of chains, contracts and presets (config/chains.json shape)',
    parse: (path) => readChainsFile(path),
    default: null as Readonly<Record<string, ChainEntry>> | null,
  }),
  rpcBase: setting<string | null>({
    env: ['PUBLIC_RPC_BASE'],
    help: 'RPC URL of Base',
    parse: asRpcUrl,
    default: null,
  }),
  rpcArbitrum: setting<string | null>({
    env: ['PUBLIC_RPC_ARBITRUM'],
    help: 'RPC URL of Arbitrum',
    parse: asRpcUrl,
    default: null,
  }),
  rpcMainnet: setting<string | null>({
    env: ['PUBLIC_RPC_MAINNET'],
    help: 'RPC URL of Ethereum mainnet',
    parse: asRpcUrl,
    default: null,
  }),
  enableMainnet: setting({
    env: ['PUBLIC_ENABLE_MAINNET'],
    help: 'true offers Ethereum mainnet too',
    parse: asBoolean,
    default: false,
  }),
  walletProjectId: optionalText('PUBLIC_WALLET_PROJECT_ID', 'WalletConnect (Reown) project id'),
  publicNotifierUrl: setting({
    env: ['PUBLIC_NOTIFIER_URL'],
    help: 'the notifier as the browser reaches it: a path behind the gateway or an absolute URL',
    parse: asServiceUrl,
    default: '/notifier',
  }),
  publicSchedulerUrl: setting({
    env: ['PUBLIC_SCHEDULER_URL'],
    help: 'the scheduler as the browser reaches it',
    parse: asServiceUrl,
    default: '/scheduler',
  }),
  publicOwnercacheUrl: setting({
    env: ['PUBLIC_OWNERCACHE_URL'],
    help: 'the ownership cache as the browser reaches it',
    parse: asServiceUrl,
    default: '/ownercache',
  }),
  publicSchedulerApiKey: optionalText('PUBLIC_SCHEDULER_API_KEY', 'scheduler key the page uses (= SCHEDULER_API_KEY)'),
  publicOwnercacheApiKey: optionalText('PUBLIC_OWNERCACHE_API_KEY', 'ownership cache key the page uses'),
  notifierUrl: setting({
    env: ['WEBAPP_NOTIFIER_URL'],
    help: 'absolute URL of the notifier for alerts (also handed to the page for scheduled test alerts)',
    parse: asUrl,
    default: 'http://127.0.0.1:8081',
  }),
  schedulerUrl: setting({
    env: ['WEBAPP_SCHEDULER_URL'],
    help: 'absolute URL of the scheduler that runs the checks',
    parse: asUrl,
    default: 'http://127.0.0.1:8082',
  }),
  schedulerApiKey: setting({
    env: ['SCHEDULER_API_KEY'],
    help: "the scheduler's API key: the server schedules its own checks",
    parse: asApiKey,
  }),
  publicUrl: setting({
    env: ['WEBAPP_PUBLIC_URL'],
    help: 'URL at which the scheduler calls this server back',
    parse: asUrl,
    default: 'http://127.0.0.1:3000',
  }),
  taskKey: setting({
    env: ['WEBAPP_TASK_KEY'],
    help: 'secret the scheduler sends back as X-Webapp-Task-Key; generate with scripts/gen-key',
    parse: asApiKey,
  }),
  linkBase: setting({
    env: ['WEBAPP_LINK_BASE'],
    help: 'base URL of the deep links in alerts',
    parse: asUrl,
    default: 'http://localhost:8080',
  }),
  checkIntervalMs: setting({
    env: ['WEBAPP_CHECK_INTERVAL'],
    help: 'time between two checks of a watch',
    parse: asDuration({ min: 500, max: 24 * 3_600_000 }),
    default: DEFAULT_CHECK_INTERVAL_MS,
  }),
  webRoot: setting({
    env: ['WEBAPP_WEB_ROOT'],
    help: 'directory of the built front end (index.html, assets/)',
    parse: asText,
    default: DEFAULT_WEB_ROOT,
  }),
};

export function readConfig(source: ConfigSource): WebappConfig {
  const values = loadConfig(spec, source);
  let file = values.chainsFile;
  if (file === null) {
    try {
      file = readChainsFile(DEFAULT_CHAINS_CONFIG);
    } catch (error) {
      throw new ConfigError([`WEBAPP_CHAINS_CONFIG (default): ${(error as Error).message}`]);
    }
  }
  const overrides: Record<string, string | null> = {
    base: values.rpcBase,
    arbitrum: values.rpcArbitrum,
    mainnet: values.rpcMainnet,
  };
  const problems: string[] = [];
  const chains: Record<string, ChainConfig> = {};
  for (const [name, entry] of Object.entries(file)) {
    if (name === 'mainnet' && !values.enableMainnet) continue;
    const rpc = overrides[name] ?? entry.rpc ?? DEFAULT_RPC[name] ?? null;
    if (rpc === null) {
      problems.push(`chain ${name}: no RPC URL (give it an "rpc" in the chains file)`);
      continue;
    }
    chains[name] = { ...entry, rpc };
  }
  if (Object.keys(chains).length === 0) problems.push('no chain is left to serve (is only mainnet configured?)');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: values.port,
    host: values.host,
    dataDir: values.dataDir,
    logLevel: values.logLevel,
    durability: values.durability,
    chains,
    public: {
      walletProjectId: values.walletProjectId,
      enableMainnet: values.enableMainnet,
      notifierUrl: values.publicNotifierUrl,
      schedulerUrl: values.publicSchedulerUrl,
      ownercacheUrl: values.publicOwnercacheUrl,
      schedulerApiKey: values.publicSchedulerApiKey,
      ownercacheApiKey: values.publicOwnercacheApiKey,
    },
    notifierUrl: values.notifierUrl,
    schedulerUrl: values.schedulerUrl,
    schedulerApiKey: values.schedulerApiKey,
    publicUrl: values.publicUrl,
    taskKey: values.taskKey,
    linkBase: values.linkBase,
    checkIntervalMs: values.checkIntervalMs,
    webRoot: values.webRoot,
  };
}

function readChainsFile(path: string): Readonly<Record<string, ChainEntry>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  return parseChainsFile(text, path);
}
