// The `voice` command line: `voice join <relay> --room <name> ...`, `voice listen` / `voice call` for direct calls,
// and `voice --version-check <relay>`.

import { parseFingerprint } from '@keel/identity';
import { parseRoomName, type QualityTier } from '@keel/voice';
import { parseSocketAddress, type SocketAddress } from '@keel/voice-transport';

export class VoiceArgsError extends Error {
  override readonly name = 'VoiceArgsError';
}

/** How the client checks the other end's certificate (a relay's, or a listening client's). */
export type RelayCheck = { readonly fingerprint: string } | { readonly insecure: true };

/** What every call command takes: the audio in and out, how long, and a pinned profile. */
export interface MediaArgs {
  readonly send: string | null;
  readonly record: string | null;
  /** Leave after this many seconds; null stays until hung up or interrupted. */
  readonly seconds: number | null;
  readonly profile: QualityTier | null;
}

export interface JoinArgs extends MediaArgs {
  readonly kind: 'join';
  readonly relay: SocketAddress;
  readonly room: string;
  readonly check: RelayCheck;
  readonly token: string | null;
}

/** `voice call`: a direct call to a listening client. */
export interface DialArgs extends MediaArgs {
  readonly kind: 'call';
  readonly peer: SocketAddress;
  readonly check: RelayCheck;
}

/** `voice listen`: wait for one direct call. */
export interface ListenArgs extends MediaArgs {
  readonly kind: 'listen';
  readonly bind: SocketAddress;
}

export type VoiceCommand =
  | JoinArgs
  | DialArgs
  | ListenArgs
  | { readonly kind: 'version-check'; readonly relay: SocketAddress; readonly check: RelayCheck }
  | { readonly kind: 'help' };

export const VOICE_HELP = `voice: calls through a voice relay, or directly between two clients

  voice join <host:port> --room <name> [options]   join a room; the call starts when a second member joins
    --room <name>                 room to join (1-64 of A-Z a-z 0-9 . _ -)
    --relay-fingerprint <fp>      the relay's fingerprint, as it prints at start (required unless --insecure)
    --insecure                    do not check the relay's certificate (warned about)
    --token <bearer>              token for a relay that requires authentication
  voice listen <host:port> [options]   wait (until Ctrl-C) for one direct call; port 0 picks one; prints the fingerprint
  voice call <host:port> --peer-fingerprint <fp> [options]   call a listening client directly (or --insecure)
  options of join, listen and call:
    --send <file.wav>             audio to send (any rate, mono or stereo); silence when absent
    --record <file.wav>           write what you hear (48 kHz mono 16-bit)
    --seconds <n>                 leave n seconds after the call starts (default: until Ctrl-C or a hangup)
    --profile good|degraded|catastrophic   pin the quality profile (adaptation off)
  voice --version-check <host:port> [--relay-fingerprint <fp> | --insecure]   print the relay's version
  voice --help
`;

const PROFILES: Record<string, QualityTier> = { good: 'GOOD', degraded: 'DEGRADED', catastrophic: 'CATASTROPHIC' };

function address(text: string | undefined, what: string, role: string, listening = false): SocketAddress {
  if (text === undefined || text.startsWith('-')) throw new VoiceArgsError(`${what} needs ${role} as <host:port>`);
  try {
    return parseSocketAddress(text, { allowPortZero: listening });
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

/** The pin (`flag`) or the explicit `--insecure`, exactly one of them. */
function peerCheck(flags: Map<string, string | true>, flag: string, whose: string, where: string): RelayCheck {
  const fingerprint = flags.get(flag);
  const insecure = flags.get('--insecure') === true;
  if (typeof fingerprint === 'string' && insecure)
    throw new VoiceArgsError(`${flag} and --insecure exclude each other`);
  if (insecure) return { insecure: true };
  if (typeof fingerprint !== 'string') {
    throw new VoiceArgsError(`${whose} fingerprint is needed: ${flag} <fp> (${where}), or --insecure`);
  }
  try {
    return { fingerprint: parseFingerprint(fingerprint) };
  } catch (error) {
    throw new VoiceArgsError(`${flag}: ${(error as Error).message}`);
  }
}

const MEDIA_FLAGS = ['--send', '--record', '--seconds', '--profile'];

function mediaArgs(flags: Map<string, string | true>): MediaArgs {
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
  return { send: text(flags, '--send'), record: text(flags, '--record'), seconds: secondsValue, profile: tier };
}

function text(flags: Map<string, string | true>, name: string): string | null {
  const value = flags.get(name);
  return typeof value === 'string' ? value : null;
}

function relayCheck(flags: Map<string, string | true>): RelayCheck {
  return peerCheck(flags, '--relay-fingerprint', "the relay's", 'the relay prints it at start');
}

function parseJoin(rest: readonly string[]): JoinArgs {
  const relay = address(rest[0], 'voice join', 'the relay');
  const flags = readFlags(
    rest.slice(1),
    new Set(['--insecure']),
    new Set(['--room', '--relay-fingerprint', '--token', ...MEDIA_FLAGS]),
  );
  const room = flags.get('--room');
  if (typeof room !== 'string') throw new VoiceArgsError('voice join needs --room <name>');
  try {
    parseRoomName(room);
  } catch (error) {
    throw new VoiceArgsError(`--room: ${(error as Error).message}`);
  }
  const media = mediaArgs(flags);
  return { kind: 'join', relay, room, ...media, check: relayCheck(flags), token: text(flags, '--token') };
}

export function parseVoiceArgs(argv: readonly string[]): VoiceCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const [first, ...rest] = argv;
  switch (first) {
    case '--version-check': {
      const relay = address(rest[0], '--version-check', 'the relay');
      const flags = readFlags(rest.slice(1), new Set(['--insecure']), new Set(['--relay-fingerprint']));
      return { kind: 'version-check', relay, check: relayCheck(flags) };
    }
    case 'join':
      return parseJoin(rest);
    case 'listen': {
      const bind = address(rest[0], 'voice listen', 'the address to listen on', true);
      const flags = readFlags(rest.slice(1), new Set(), new Set(MEDIA_FLAGS));
      return { kind: 'listen', bind, ...mediaArgs(flags) };
    }
    case 'call': {
      const peer = address(rest[0], 'voice call', 'the listening client');
      const flags = readFlags(rest.slice(1), new Set(['--insecure']), new Set(['--peer-fingerprint', ...MEDIA_FLAGS]));
      const media = mediaArgs(flags);
      const check = peerCheck(flags, '--peer-fingerprint', "the listener's", 'voice listen prints it');
      return { kind: 'call', peer, ...media, check };
    }
    default:
      throw new VoiceArgsError(`unknown argument '${first}' (voice --help lists the commands)`);
  }
}
