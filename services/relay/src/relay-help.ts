// The text of `voice-relay --help` and the line of `voice-relay --version`.

import { RELAY_FLAGS } from './relay-args.ts';
import { DEFAULT_RELAY_CONFIG } from './relay-config.ts';

const USAGE = 'usage: voice-relay [--config <path>] [flags]';
const NAME_COLUMN = 26;

export function relayHelp(): string {
  const d = DEFAULT_RELAY_CONFIG;
  const lines = [
    ...RELAY_FLAGS.map((spec) =>
      entry(spec.value === null ? spec.name : `${spec.name} ${spec.value}`, `${spec.help} (default: ${spec.fallback})`),
    ),
    entry('--version, -V', 'print the build git hash and exit'),
    entry('--help, -h', 'print this help and exit'),
  ];
  return [
    USAGE,
    '',
    'Encrypted voice relay: forwards media between call participants without decrypting it.',
    'A TOML key in parentheses can also be set in the --config file; a flag wins over the file, and',
    '--probe and --global-room add to its lists.',
    '',
    'flags:',
    ...lines,
    '',
    'config file only:',
    entry('max_sessions', `concurrent sessions (default: ${d.maxSessions})`),
    entry('log_level', `trace, debug, info, warn or error (default: ${d.logLevel})`),
    entry('jitter_target_depth', `packets buffered before playout (default: ${d.jitterTargetDepth})`),
    entry('jitter_max_depth', `packets buffered at most (default: ${d.jitterMaxDepth})`),
    entry('[[peers]]', 'url, fingerprint, label: relays to connect out to'),
    entry('[[trusted]]', 'fingerprint, label: relays allowed to connect in'),
    entry('[[global_rooms]]', 'name: rooms bridged across federation'),
  ].join('\n');
}

/** `voice-relay <git hash>`, as the seed's `--version` prints it. */
export function versionLine(hash: string): string {
  return `voice-relay ${hash}`;
}

function entry(name: string, help: string): string {
  return `  ${name.padEnd(NAME_COLUMN)}${help}`;
}
