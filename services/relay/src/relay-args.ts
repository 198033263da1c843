// The relay's command line (seed: "Relay command line"): every flag, its value, and what it sets.

import { asPort, ConfigError } from '@keel/kit';
import { parseRoomName } from '@keel/voice';
import { formatSocketAddress, parseSocketAddress, type SocketAddress } from '@keel/voice-transport';
import { type DebugTap, parseDebugTap } from './debug-tap.ts';
import { MissingValueError, UnexpectedValueError, UnknownArgumentError } from './errors.ts';
import { parseFilePath } from './file-path.ts';
import { parseHttpUrl } from './http-url.ts';
import { DEFAULT_RELAY_CONFIG, type GlobalRoomConfig } from './relay-config.ts';

/** What the flags set; null, false or empty where a flag was not given (the config file's value then stands). */
export interface RelayFlags {
  readonly configPath: string | null;
  readonly listenAddr: SocketAddress | null;
  readonly remoteRelay: SocketAddress | null;
  readonly authUrl: string | null;
  readonly metricsPort: number | null;
  readonly probeTargets: readonly SocketAddress[];
  readonly probeMesh: boolean;
  readonly meshStatus: boolean;
  readonly trunkingEnabled: boolean;
  readonly globalRooms: readonly GlobalRoomConfig[];
  readonly debugTap: DebugTap | null;
  readonly eventLog: string | null;
  readonly wsPort: number | null;
  readonly staticDir: string | null;
}

export type RelayCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'run'; readonly flags: RelayFlags };

type MutableFlags = {
  -readonly [K in keyof RelayFlags]: RelayFlags[K] extends readonly (infer U)[] ? U[] : RelayFlags[K];
};

/** One flag: its spelling, what its value looks like (null for a switch), and how it changes the flags. */
export interface RelayFlagSpec {
  readonly name: string;
  readonly value: string | null;
  readonly repeatable?: true;
  /** What it does, for --help. */
  readonly help: string;
  /** The value when the flag (and the config file) leave it unset, for --help. */
  readonly fallback: string;
  readonly apply: (flags: MutableFlags, raw: string) => void;
}

/** kit's asPort: 0..65535, 0 asking the OS for a free port (listeners only). */
const listenPort = asPort;
const listenAddress = (raw: string) => parseSocketAddress(raw, { allowPortZero: true });
const remoteAddress = (raw: string) => parseSocketAddress(raw);
const NONE = 'none';
const OFF = 'off';

/** The flags that configure the relay, in the seed's order; --help and --version are handled before these. */
export const RELAY_FLAGS: readonly RelayFlagSpec[] = [
  {
    name: '--config',
    value: '<path>',
    help: 'TOML config file; flags override its values',
    fallback: NONE,
    apply: (f, raw) => {
      f.configPath = parseFilePath(raw);
    },
  },
  {
    name: '--listen',
    value: '<addr>',
    help: 'QUIC listen address (listen_addr)',
    fallback: formatSocketAddress(DEFAULT_RELAY_CONFIG.listenAddr),
    apply: (f, raw) => {
      f.listenAddr = listenAddress(raw);
    },
  },
  {
    name: '--remote',
    value: '<addr>',
    help: 'forward mode: send all traffic to this relay, room mode off (remote_relay)',
    fallback: `${NONE}, room mode`,
    apply: (f, raw) => {
      f.remoteRelay = remoteAddress(raw);
    },
  },
  {
    name: '--auth-url',
    value: '<url>',
    help: 'validate client tokens with a POST to this URL (auth_url)',
    fallback: `${NONE}, any client may connect`,
    apply: (f, raw) => {
      f.authUrl = parseHttpUrl(raw);
    },
  },
  {
    name: '--metrics-port',
    value: '<n>',
    help: 'serve Prometheus GET /metrics on this port (metrics_port)',
    fallback: `${NONE}, disabled`,
    apply: (f, raw) => {
      f.metricsPort = listenPort(raw);
    },
  },
  {
    name: '--probe',
    value: '<addr>',
    repeatable: true,
    help: 'repeatable: add a relay to probe at 1 Ping per second (probe_targets)',
    fallback: NONE,
    apply: (f, raw) => {
      f.probeTargets.push(remoteAddress(raw));
    },
  },
  {
    name: '--probe-mesh',
    value: null,
    help: 'mesh mode for probes (probe_mesh)',
    fallback: OFF,
    apply: (f) => {
      f.probeMesh = true;
    },
  },
  {
    name: '--mesh-status',
    value: null,
    help: 'print the mesh health table and exit',
    fallback: OFF,
    apply: (f) => {
      f.meshStatus = true;
    },
  },
  {
    name: '--trunking',
    value: null,
    help: "pack several sessions' packets into one QUIC datagram (trunking_enabled)",
    fallback: OFF,
    apply: (f) => {
      f.trunkingEnabled = true;
    },
  },
  {
    name: '--global-room',
    value: '<name>',
    repeatable: true,
    help: 'repeatable: declare a room bridged across federation (global_rooms)',
    fallback: NONE,
    apply: (f, raw) => {
      f.globalRooms.push({ name: parseRoomName(raw) });
    },
  },
  {
    name: '--debug-tap',
    value: '<room|*>',
    help: "log packet headers of one room, or of all rooms with '*' (debug_tap)",
    fallback: NONE,
    apply: (f, raw) => {
      f.debugTap = parseDebugTap(raw);
    },
  },
  {
    name: '--event-log',
    value: '<path>',
    help: 'write a JSONL protocol event log to this file',
    fallback: NONE,
    apply: (f, raw) => {
      f.eventLog = parseFilePath(raw);
    },
  },
  {
    name: '--ws-port',
    value: '<n>',
    help: 'WebSocket listener for browser clients (ws_port)',
    fallback: `${NONE}, disabled`,
    apply: (f, raw) => {
      f.wsPort = listenPort(raw);
    },
  },
  {
    name: '--static-dir',
    value: '<dir>',
    help: 'static files (HTML, JS, WASM) for browser clients (static_dir)',
    fallback: NONE,
    apply: (f, raw) => {
      f.staticDir = parseFilePath(raw);
    },
  },
];

const BY_NAME = new Map(RELAY_FLAGS.map((spec) => [spec.name, spec]));

/**
 * Parses argv (without the runtime and script). `--help`/`-h` anywhere wins, then `--version`/`-V`. An unknown
 * word or a flag without its value throws at once; bad values are all collected into one ConfigError that names
 * each flag. A value may follow as the next word or as `--flag=value`; a next word starting with `-` is not taken
 * as a value (write `--flag=-value` for that).
 */
export function parseRelayArgs(argv: readonly string[]): RelayCommand {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return { kind: 'help' };
  if (argv.some((arg) => arg === '--version' || arg === '-V')) return { kind: 'version' };
  const flags = noFlags();
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const spec = BY_NAME.get(name);
    if (spec === undefined) throw new UnknownArgumentError(arg);
    let raw = '';
    if (spec.value === null) {
      if (equals !== -1) throw new UnexpectedValueError(name, arg);
    } else if (equals !== -1) {
      raw = arg.slice(equals + 1);
    } else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) throw new MissingValueError(name, spec.value);
      raw = next;
      i++;
    }
    if (seen.has(name) && spec.repeatable !== true) problems.push(`${name}: given more than once`);
    seen.add(name);
    try {
      spec.apply(flags, raw);
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { kind: 'run', flags };
}

function noFlags(): MutableFlags {
  return {
    configPath: null,
    listenAddr: null,
    remoteRelay: null,
    authUrl: null,
    metricsPort: null,
    probeTargets: [],
    probeMesh: false,
    meshStatus: false,
    trunkingEnabled: false,
    globalRooms: [],
    debugTap: null,
    eventLog: null,
    wsPort: null,
    staticDir: null,
  };
}
