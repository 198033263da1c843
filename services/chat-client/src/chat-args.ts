// The `chat` command line: `chat --profile <dir> <command> ...`, parsed into a typed command or a ChatArgsError.

import { parseFingerprint } from '@keel/identity';

export class ChatArgsError extends Error {
  override readonly name = 'ChatArgsError';
}

export type GroupAction = 'create' | 'join' | 'members' | 'send';

export type ChatCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'init'; readonly profile: string; readonly restore: boolean }
  | { readonly kind: 'register'; readonly profile: string; readonly server: string; readonly alias: string | null }
  | { readonly kind: 'login'; readonly profile: string }
  | { readonly kind: 'send'; readonly profile: string; readonly peer: string; readonly text: string }
  | { readonly kind: 'send-file'; readonly profile: string; readonly peer: string; readonly path: string }
  | { readonly kind: 'receive'; readonly profile: string; readonly wait: number }
  | {
      readonly kind: 'group';
      readonly profile: string;
      readonly action: GroupAction;
      readonly name: string;
      readonly text: string | null;
    }
  | { readonly kind: 'fingerprint'; readonly profile: string; readonly peer: string | null };

export const CHAT_HELP = `chat: end-to-end encrypted chat with a keel chat server

  chat --profile <dir> <command>          the profile directory holds the identity, keys, sessions and downloads;
                                          its passphrase comes from the CHAT_PASSPHRASE environment variable
  commands:
    init [--restore]                      new identity (prints its mnemonic once); --restore reads a mnemonic on stdin
    register --server <url> [--alias <name>]   upload the key bundle (signed prekey, 100 one-time prekeys), log in
    login                                 get a new token (done automatically when it is missing or expired)
    send <fingerprint> <text>             send a text
    send-file <fingerprint> <path>        send a file (at most 10 MiB)
    receive [--wait <seconds>]            print waiting messages (and, with --wait, those arriving meanwhile):
                                          <sender> [(alias)] <kind> <text or saved file path>
    group create|join|members <name>      make, join or list a group
    group send <name> <text>              post to every other member of a group
    fingerprint [<fingerprint>]           this profile's fingerprint, or the safety number shared with a peer
  chat --help
exit status: 0 done, 1 the operation failed, 2 a bad command line
`;

/** The call-room rule the server applies to group names. */
const GROUP_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const GROUP_ACTIONS: readonly string[] = ['create', 'join', 'members', 'send'];

function fingerprintArg(text: string | undefined, what: string): string {
  if (text === undefined) throw new ChatArgsError(`${what} needs the peer's <fingerprint>`);
  try {
    return parseFingerprint(text);
  } catch (error) {
    throw new ChatArgsError(`${what}: ${(error as Error).message}`);
  }
}

/** Exactly `count` positional arguments (no flags) after the command word. */
function positional(rest: readonly string[], names: readonly string[], what: string, optional = 0): string[] {
  const flag = rest.find((arg) => arg.startsWith('--'));
  if (flag !== undefined) throw new ChatArgsError(`unknown argument '${flag}' for ${what} (chat --help lists them)`);
  if (rest.length < names.length - optional)
    throw new ChatArgsError(`${what} needs ${names.slice(rest.length).join(' ')}`);
  if (rest.length > names.length) throw new ChatArgsError(`${what}: unexpected argument '${rest[names.length]}'`);
  return [...rest];
}

/** `--flag value` / `--flag=value` pairs and switches; anything else is an error. */
function flags(rest: readonly string[], valued: readonly string[], switches: readonly string[], what: string) {
  const found = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (switches.includes(name)) {
      if (eq > 0) throw new ChatArgsError(`${name} takes no value`);
      found.set(name, true);
      continue;
    }
    if (!valued.includes(name))
      throw new ChatArgsError(`unknown argument '${arg}' for ${what} (chat --help lists them)`);
    const value = eq > 0 ? arg.slice(eq + 1) : rest[i + 1];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--')))
      throw new ChatArgsError(`${name} needs a value`);
    if (found.has(name)) throw new ChatArgsError(`${name} given twice`);
    found.set(name, value);
    if (eq < 0) i++;
  }
  return found;
}

function serverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ChatArgsError(`--server: '${text}' is not a URL (e.g. http://localhost:7700)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ChatArgsError(`--server: '${text}' must start with http:// or https://`);
  return text.replace(/\/+$/, '');
}

function groupCommand(profile: string, rest: readonly string[]): ChatCommand {
  const [action, ...args] = rest;
  if (action === undefined || !GROUP_ACTIONS.includes(action))
    throw new ChatArgsError(`group needs one of ${GROUP_ACTIONS.join(', ')}`);
  const names = action === 'send' ? ['<name>', '<text>'] : ['<name>'];
  const [name, text] = positional(args, names, `group ${action}`);
  if (!GROUP_NAME.test(name as string))
    throw new ChatArgsError(`group ${action}: '${name}' is not a group name (1-64 of A-Z a-z 0-9 . _ -)`);
  return { kind: 'group', profile, action: action as GroupAction, name: name as string, text: text ?? null };
}

export function parseChatArgs(argv: readonly string[]): ChatCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  let args = [...argv];
  let profile: string | null = null;
  // Global options come before the command word.
  while (args[0]?.startsWith('--profile')) {
    const arg = args[0];
    const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[1];
    if (arg !== '--profile' && !arg.startsWith('--profile=')) break;
    if (value === undefined || value === '' || (!arg.includes('=') && value.startsWith('--')))
      throw new ChatArgsError('--profile needs a directory');
    if (profile !== null) throw new ChatArgsError('--profile given twice');
    profile = value;
    args = args.slice(arg.includes('=') ? 1 : 2);
  }
  const [command, ...rest] = args;
  if (command === undefined) throw new ChatArgsError('a command is missing (chat --help lists them)');
  if (command.startsWith('-')) throw new ChatArgsError(`unknown argument '${command}' (chat --help lists them)`);
  const known = ['init', 'register', 'login', 'send', 'send-file', 'receive', 'group', 'fingerprint'];
  if (!known.includes(command)) throw new ChatArgsError(`unknown command '${command}' (chat --help lists them)`);
  if (profile === null) throw new ChatArgsError(`${command} needs --profile <dir> before the command`);

  switch (command) {
    case 'init': {
      const found = flags(rest, [], ['--restore'], 'init');
      return { kind: 'init', profile, restore: found.has('--restore') };
    }
    case 'register': {
      const found = flags(rest, ['--server', '--alias'], [], 'register');
      const server = found.get('--server');
      if (typeof server !== 'string') throw new ChatArgsError('register needs --server <url>');
      const alias = found.get('--alias');
      return { kind: 'register', profile, server: serverUrl(server), alias: typeof alias === 'string' ? alias : null };
    }
    case 'login':
      positional(rest, [], 'login');
      return { kind: 'login', profile };
    case 'send': {
      const [peer, text] = positional(rest, ['<fingerprint>', '<text>'], 'send');
      return { kind: 'send', profile, peer: fingerprintArg(peer, 'send'), text: text as string };
    }
    case 'send-file': {
      const [peer, path] = positional(rest, ['<fingerprint>', '<path>'], 'send-file');
      return { kind: 'send-file', profile, peer: fingerprintArg(peer, 'send-file'), path: path as string };
    }
    case 'receive': {
      const found = flags(rest, ['--wait'], [], 'receive');
      const wait = found.get('--wait');
      const seconds = typeof wait === 'string' ? Number(wait) : 0;
      if (!Number.isFinite(seconds) || seconds < 0 || (typeof wait === 'string' && wait.trim() === ''))
        throw new ChatArgsError(`--wait: '${wait}' is not a number of seconds`);
      return { kind: 'receive', profile, wait: seconds };
    }
    case 'group':
      return groupCommand(profile, rest);
    default: {
      const [peer] = positional(rest, ['<fingerprint>'], 'fingerprint', 1);
      return { kind: 'fingerprint', profile, peer: peer === undefined ? null : fingerprintArg(peer, 'fingerprint') };
    }
  }
}
