// The `voice` command line: `voice join <relay> --room <name> ...` and `voice --version-check <relay>`.

import { parseFingerprint } from '@keel/identity';
import { parseRoomName, type QualityTier } from '@keel/voice';
import { parseSocketAddress, type SocketAddress } from '@keel/voice-transport';

export class VoiceArgsError extends Error {
  override readonly name = 'VoiceArgsError';
}

/** How the client checks the relay's certificate. */
export type RelayCheck = { readonly fingerprint: string } | { readonly insecure: true };

export interface JoinArgs {
  readonly kind: 'join';
  readonly relay: SocketAddress;
  readonly room: string;
  readonly send: string | null;
  readonly record: string | null;
  /** Leave after this many seconds; null stays until hung up or interrupted. */
  readonly seconds: number | null;
  readonly check: RelayCheck;
  readonly token: string | null;
  readonly profile: QualityTier | null;
}

export type VoiceCommand =
  | JoinArgs
  | { readonly kind: 'version-check'; readonly relay: SocketAddress; readonly check: RelayCheck }
  | { readonly kind: 'help' };

export const VOICE_HELP = `voice: calls through a voice relay

  voice join <host:port> --room <name> [options]   join a room; the call starts when a second member joins
    --room <name>                 room to join (1-64 of A-Z a-z 0-9 . _ -)
    --send <file.wav>             audio to send (any rate, mono or stereo); silence when absent
    --record <file.wav>           write what you hear (48 kHz mono 16-bit)
    --seconds <n>                 leave after n seconds (default: until Ctrl-C or the other side hangs up)
    --relay-fingerprint <fp>      the relay's fingerprint, as it prints at start (required unless --insecure)
    --insecure                    do not check the relay's certificate (warned about)
    --token <bearer>              token for a relay that requires authentication
    --profile good|degraded|catastrophic   pin the quality profile (adaptation off)
  voice --version-check <host:port> [--relay-fingerprint <fp> | --insecure]   print the relay's version
  voice --help

  voice call / voice listen (direct calls without a relay) are not available yet.
`;

const PROFILES: Record<string, QualityTier> = { good: 'GOOD', degraded: 'DEGRADED', catastrophic: 'CATASTROPHIC' };

function relayAddress(text: string | undefined, what: string): SocketAddress {
  if (text === undefined || text.startsWith('-')) throw new VoiceArgsError(`${what} needs the relay as <host:port>`);
  try {
    return parseSocketAddress(text);
  } catch (error) {
    throw new VoiceArgsError(`${what}: ${(error as Error).message}`);
  }
}

/** Splits `--flag value` and `--flag=value` into pairs; switches get `true`. */
function readFlags(args: readonly string[], switches: ReadonlySet<string>, valued: ReadonlySet<string>) {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (switches.has(name)) {
      if (eq > 0) throw new VoiceArgsError(`${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    if (!valued.has(name)) throw new VoiceArgsError(`unknown argument '${arg}' (voice --help lists them)`);
    const value = eq > 0 ? arg.slice(eq + 1) : args[i + 1];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new VoiceArgsError(`${name} needs a value`);
    if (flags.has(name)) throw new VoiceArgsError(`${name} given twice`);
    flags.set(name, value);
    if (eq < 0) i += 1;
  }
  return flags;
}

function relayCheck(flags: Map<string, string | true>): RelayCheck {
  const fingerprint = flags.get('--relay-fingerprint');
  const insecure = flags.get('--insecure') === true;
  if (typeof fingerprint === 'string' && insecure) {
    throw new VoiceArgsError('--relay-fingerprint and --insecure exclude each other');
  }
  if (insecure) return { insecure: true };
  if (typeof fingerprint !== 'string') {
    throw new VoiceArgsError(
      "the relay's fingerprint is needed: --relay-fingerprint <fp> (the relay prints it at start), or --insecure",
    );
  }
  try {
    return { fingerprint: parseFingerprint(fingerprint) };
  } catch (error) {
    throw new VoiceArgsError(`--relay-fingerprint: ${(error as Error).message}`);
  }
}

export function parseVoiceArgs(argv: readonly string[]): VoiceCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const [first, ...rest] = argv;
  if (first === '--version-check') {
    const relay = relayAddress(rest[0], '--version-check');
    const flags = readFlags(rest.slice(1), new Set(['--insecure']), new Set(['--relay-fingerprint']));
    return { kind: 'version-check', relay, check: relayCheck(flags) };
  }
  if (first === 'call' || first === 'listen') {
    throw new VoiceArgsError(`voice ${first}: direct calls are not available yet; use voice join through a relay`);
  }
  if (first !== 'join') throw new VoiceArgsError(`unknown argument '${first}' (voice --help lists the commands)`);
  const relay = relayAddress(rest[0], 'voice join');
  const flags = readFlags(
    rest.slice(1),
    new Set(['--insecure']),
    new Set(['--room', '--send', '--record', '--seconds', '--relay-fingerprint', '--token', '--profile']),
  );
  const room = flags.get('--room');
  if (typeof room !== 'string') throw new VoiceArgsError('voice join needs --room <name>');
  try {
    parseRoomName(room);
  } catch (error) {
    throw new VoiceArgsError(`--room: ${(error as Error).message}`);
  }
  const seconds = flags.get('--seconds');
  let secondsValue: number | null = null;
  if (typeof seconds === 'string') {
    secondsValue = Number(seconds);
    if (!Number.isFinite(secondsValue) || secondsValue <= 0) {
      throw new VoiceArgsError(`--seconds: '${seconds}' is not a positive number`);
    }
  }
  const profile = flags.get('--profile');
  let tier: QualityTier | null = null;
  if (typeof profile === 'string') {
    tier = PROFILES[profile] ?? null;
    if (tier === null) throw new VoiceArgsError(`--profile: '${profile}' is not good, degraded or catastrophic`);
  }
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : null;
  };
  return {
    kind: 'join',
    relay,
    room,
    send: text('--send'),
    record: text('--record'),
    seconds: secondsValue,
    check: relayCheck(flags),
    token: text('--token'),
    profile: tier,
  };
}
