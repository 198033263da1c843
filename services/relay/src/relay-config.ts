// The relay's configuration: every field of the seed's TOML table with its default, and the strict reading of a
// parsed TOML document into it (unknown keys, wrong types and bad values all reported with their field).

import { parseFingerprint } from '@keel/identity';
import { ConfigError } from '@keel/kit';
import { InvalidJitterConfigError, JitterBuffer, parseRoomName, SEED_JITTER_CONFIG } from '@keel/voice';
import { parseSocketAddress, type SocketAddress } from '@keel/voice-transport';
import { type DebugTap, parseDebugTap } from './debug-tap.ts';
import { parseFilePath } from './file-path.ts';
import { parseHttpUrl } from './http-url.ts';
import {
  isTable,
  readField,
  readList,
  readRequired,
  readTables,
  refuseUnknownKeys,
  type TableSource,
  tomlBoolean,
  tomlInteger,
  tomlString,
} from './toml-fields.ts';

export const RELAY_LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
export type RelayLogLevel = (typeof RELAY_LOG_LEVELS)[number];

/** `[[peers]]`: a relay this relay connects out to, pinned by its TLS fingerprint. */
export interface PeerConfig {
  readonly url: SocketAddress;
  readonly fingerprint: string;
  readonly label: string | null;
}

/** `[[trusted]]`: a relay allowed to connect in. */
export interface TrustedConfig {
  readonly fingerprint: string;
  readonly label: string | null;
}

/** `[[global_rooms]]`: a room bridged across federated relays. */
export interface GlobalRoomConfig {
  readonly name: string;
}

export interface RelayConfig {
  readonly listenAddr: SocketAddress;
  /** Forward mode when set: all traffic goes to this relay and room mode is off. */
  readonly remoteRelay: SocketAddress | null;
  readonly maxSessions: number;
  readonly logLevel: RelayLogLevel;
  readonly jitterTargetDepth: number;
  readonly jitterMaxDepth: number;
  /** Token validation endpoint; null: any client may connect (the relay logs that auth is off). */
  readonly authUrl: string | null;
  /** null: no metrics endpoint. */
  readonly metricsPort: number | null;
  readonly probeTargets: readonly SocketAddress[];
  readonly probeMesh: boolean;
  readonly trunkingEnabled: boolean;
  /** null: no WebSocket listener for browsers. */
  readonly wsPort: number | null;
  readonly staticDir: string | null;
  readonly peers: readonly PeerConfig[];
  readonly trusted: readonly TrustedConfig[];
  readonly globalRooms: readonly GlobalRoomConfig[];
  readonly debugTap: DebugTap | null;
  /** `--event-log` only: JSONL file of federation packet decisions. */
  readonly eventLog: string | null;
  /** `--mesh-status` only: print the mesh health table and exit. */
  readonly meshStatus: boolean;
}

/** Defaults from the seed's relay configuration table. */
export const DEFAULT_RELAY_CONFIG: RelayConfig = {
  /** Every interface, on the relay's UDP port from the contracts (design §3). */
  listenAddr: { host: '0.0.0.0', port: 4433 },
  remoteRelay: null,
  /** Seed default; each session holds two jitter buffers of up to 250 packets. */
  maxSessions: 100,
  logLevel: 'info',
  /** 50 and 250 packets of 20 ms: 1 s and 5 s, sized for very bad links (the voice core's seed defaults). */
  jitterTargetDepth: SEED_JITTER_CONFIG.targetDepth,
  jitterMaxDepth: SEED_JITTER_CONFIG.maxDepth,
  authUrl: null,
  metricsPort: null,
  probeTargets: [],
  probeMesh: false,
  trunkingEnabled: false,
  wsPort: null,
  staticDir: null,
  peers: [],
  trusted: [],
  globalRooms: [],
  debugTap: null,
  eventLog: null,
  meshStatus: false,
};

const TOP_LEVEL_KEYS = [
  'listen_addr',
  'remote_relay',
  'max_sessions',
  'log_level',
  'jitter_target_depth',
  'jitter_max_depth',
  'auth_url',
  'metrics_port',
  'probe_targets',
  'probe_mesh',
  'trunking_enabled',
  'ws_port',
  'static_dir',
  'peers',
  'trusted',
  'global_rooms',
  'debug_tap',
] as const;

/** Listening ports may be 0 (the OS picks one, for tests); ports of other relays may not. */
const listenPort = tomlInteger({ min: 0, max: 65_535 });
const listenAddress = tomlString((text) => parseSocketAddress(text, { allowPortZero: true }));
const remoteAddress = tomlString((text) => parseSocketAddress(text));
const positiveInteger = tomlInteger({ min: 1, max: Number.MAX_SAFE_INTEGER });
const nonNegativeInteger = tomlInteger({ min: 0, max: Number.MAX_SAFE_INTEGER });
const fingerprintText = tomlString(parseFingerprint);
const label = tomlString((text) => text);
const logLevel = tomlString((text): RelayLogLevel => {
  const level = RELAY_LOG_LEVELS.find((candidate) => candidate === text);
  if (level === undefined) throw new Error(`'${text}' is not one of ${RELAY_LOG_LEVELS.join(', ')}`);
  return level;
});

/**
 * Reads a parsed TOML document (`Bun.TOML.parse`) into a config, absent fields taking their defaults. Throws the
 * kit's ConfigError listing every problem, each prefixed with its field path.
 */
export function relayConfigFromToml(document: unknown): RelayConfig {
  if (!isTable(document)) throw new ConfigError(['the document must be a TOML table']);
  const top: TableSource = { table: document, path: '', problems: [] };
  const d = DEFAULT_RELAY_CONFIG;
  refuseUnknownKeys(top, TOP_LEVEL_KEYS);
  const config: RelayConfig = {
    listenAddr: readField(top, 'listen_addr', listenAddress, d.listenAddr),
    remoteRelay: readField(top, 'remote_relay', remoteAddress, d.remoteRelay),
    maxSessions: readField(top, 'max_sessions', positiveInteger, d.maxSessions),
    logLevel: readField(top, 'log_level', logLevel, d.logLevel),
    jitterTargetDepth: readField(top, 'jitter_target_depth', nonNegativeInteger, d.jitterTargetDepth),
    jitterMaxDepth: readField(top, 'jitter_max_depth', positiveInteger, d.jitterMaxDepth),
    authUrl: readField(top, 'auth_url', tomlString(parseHttpUrl), d.authUrl),
    metricsPort: readField(top, 'metrics_port', listenPort, d.metricsPort),
    probeTargets: readList(top, 'probe_targets', remoteAddress),
    probeMesh: readField(top, 'probe_mesh', tomlBoolean, d.probeMesh),
    trunkingEnabled: readField(top, 'trunking_enabled', tomlBoolean, d.trunkingEnabled),
    wsPort: readField(top, 'ws_port', listenPort, d.wsPort),
    staticDir: readField(top, 'static_dir', tomlString(parseFilePath), d.staticDir),
    peers: readTables(top, 'peers', readPeer),
    trusted: readTables(top, 'trusted', readTrusted),
    globalRooms: readTables(top, 'global_rooms', readGlobalRoom),
    debugTap: readField(top, 'debug_tap', tomlString(parseDebugTap), d.debugTap),
    eventLog: d.eventLog,
    meshStatus: d.meshStatus,
  };
  if (top.problems.length === 0) checkJitterDepths(config, top.problems);
  if (top.problems.length > 0) throw new ConfigError(top.problems);
  return config;
}

function readPeer(entry: TableSource): PeerConfig | null {
  refuseUnknownKeys(entry, ['url', 'fingerprint', 'label']);
  const url = readRequired(entry, 'url', remoteAddress);
  const fingerprint = readRequired(entry, 'fingerprint', fingerprintText);
  const peerLabel = readField(entry, 'label', label, null);
  return url === null || fingerprint === null ? null : { url, fingerprint, label: peerLabel };
}

function readTrusted(entry: TableSource): TrustedConfig | null {
  refuseUnknownKeys(entry, ['fingerprint', 'label']);
  const fingerprint = readRequired(entry, 'fingerprint', fingerprintText);
  const trustedLabel = readField(entry, 'label', label, null);
  return fingerprint === null ? null : { fingerprint, label: trustedLabel };
}

function readGlobalRoom(entry: TableSource): GlobalRoomConfig | null {
  refuseUnknownKeys(entry, ['name']);
  const name = readRequired(entry, 'name', tomlString(parseRoomName));
  return name === null ? null : { name };
}

/**
 * The relay's buffer: 0 turns it off (packets are forwarded as they arrive, FEC recovery still applies); otherwise
 * the depths must make a jitter buffer the voice core accepts. The seed's 25-packet minimum is a playout floor for
 * clients; a relay starts forwarding once it holds the target.
 */
function checkJitterDepths(config: RelayConfig, problems: string[]): void {
  const { jitterTargetDepth: target, jitterMaxDepth: max } = config;
  if (target > max) {
    problems.push(`jitter_target_depth: ${target} is above jitter_max_depth (${max})`);
    return;
  }
  if (target === 0) return;
  try {
    new JitterBuffer({ targetDepth: target, maxDepth: max, minDepth: 1, adaptive: null });
  } catch (error) {
    if (!(error instanceof InvalidJitterConfigError)) throw error;
    problems.push(`jitter_max_depth: ${max} is refused by the jitter buffer: ${error.message}`);
  }
}
