// Start-up configuration: the --config TOML file (when given) with the command-line flags applied over it.

import { ConfigError } from '@keel/kit';
import { formatSocketAddress } from '@keel/voice-transport';
import { ConfigLoadError } from './errors.ts';
import type { RelayFlags } from './relay-args.ts';
import { DEFAULT_RELAY_CONFIG, type RelayConfig, relayConfigFromToml } from './relay-config.ts';
import { findTomlSyntaxError } from './toml-error-line.ts';

/**
 * The config file's values (defaults without one) overridden by the flags. A flag replaces a single value;
 * `--probe` and `--global-room` add to the file's `probe_targets` and `global_rooms`, an entry listed twice
 * counting once; switches can only turn a feature on. Throws ConfigLoadError for any problem with the file.
 */
export async function loadRelayConfig(flags: RelayFlags): Promise<RelayConfig> {
  const base = flags.configPath === null ? DEFAULT_RELAY_CONFIG : await readRelayConfigFile(flags.configPath);
  return {
    ...base,
    listenAddr: flags.listenAddr ?? base.listenAddr,
    remoteRelay: flags.remoteRelay ?? base.remoteRelay,
    authUrl: flags.authUrl ?? base.authUrl,
    metricsPort: flags.metricsPort ?? base.metricsPort,
    probeTargets: uniqueBy([...base.probeTargets, ...flags.probeTargets], formatSocketAddress),
    probeMesh: base.probeMesh || flags.probeMesh,
    trunkingEnabled: base.trunkingEnabled || flags.trunkingEnabled,
    globalRooms: uniqueBy([...base.globalRooms, ...flags.globalRooms], (room) => room.name),
    debugTap: flags.debugTap ?? base.debugTap,
    wsPort: flags.wsPort ?? base.wsPort,
    staticDir: flags.staticDir ?? base.staticDir,
    eventLog: flags.eventLog,
    meshStatus: flags.meshStatus,
  };
}

/** Reads, parses and validates one config file; every failure is a ConfigLoadError naming the path. */
async function readRelayConfigFile(path: string): Promise<RelayConfig> {
  let text: string;
  try {
    text = await Bun.file(path).text();
  } catch (error) {
    throw new ConfigLoadError(path, [`cannot read it: ${error instanceof Error ? error.message : String(error)}`], {
      cause: error,
    });
  }
  const syntax = findTomlSyntaxError(text);
  if (syntax !== null) {
    throw new ConfigLoadError(path, [`${syntax.line === null ? 'TOML' : `line ${syntax.line}`}: ${syntax.message}`]);
  }
  try {
    return relayConfigFromToml(Bun.TOML.parse(text));
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigLoadError(path, error.problems, { cause: error });
    throw error;
  }
}

/** The first of each group of items with the same key, in order. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
