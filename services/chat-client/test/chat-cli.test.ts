// The `chat` command line as a user runs it: real processes for init → register → login → send (text and file) →
// receive between two profiles against a real server, a restore from the mnemonic, and a table of bad command
// lines (exit 2).

import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ChatArgsError, parseChatArgs } from '../src/chat-args.ts';
import { startChatServer } from './support/chat-server.ts';

const CHAT = new URL('../src/chat-main.ts', import.meta.url).pathname;
const FP = '6a97:ba63:03b4:db88:b065:f38a:06b0:4e0f';

/** Runs `chat ...args` as its own process (asynchronously: the server answers from this one). */
async function chat(
  args: readonly string[],
  { stdin, passphrase = 'cli pass' }: { stdin?: string; passphrase?: string } = {},
) {
  const child = Bun.spawn({
    cmd: [process.execPath, CHAT, ...args],
    stdin: stdin === undefined ? 'ignore' : new TextEncoder().encode(stdin),
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, CHAT_PASSPHRASE: passphrase },
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

function field(stdout: string, name: string): string {
  const match = new RegExp(`^${name}: (.+)$`, 'm').exec(stdout);
  if (match === null) throw new Error(`no '${name}:' line in ${JSON.stringify(stdout)}`);
  return match[1] as string;
}

describe('chat between two profiles', () => {
  test('init, register, login, send and receive texts and a file, both ways, as real processes', async () => {
    await using server = await startChatServer();
    const ada = ['--profile', join(server.home.path, 'ada')];
    const bob = ['--profile', join(server.home.path, 'bob')];

    const [adaInit, bobInit] = await Promise.all([chat([...ada, 'init']), chat([...bob, 'init'])]);
    expect(adaInit.code).toBe(0);
    expect(field(adaInit.stdout, 'mnemonic').split(' ')).toHaveLength(24);
    expect(adaInit.stderr).toContain('shown only this once');
    const adaFp = field(adaInit.stdout, 'fingerprint');
    const bobFp = field(bobInit.stdout, 'fingerprint');

    const registered = await Promise.all([
      chat([...ada, 'register', '--server', server.url, '--alias', 'ada']),
      chat([...bob, 'register', '--server', server.url, '--alias', 'bob']),
    ]);
    expect(registered.map((r) => r.code)).toEqual([0, 0]);
    expect(registered[0]?.stdout).toContain(`registered ${adaFp}`);
    expect(await chat([...ada, 'login'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^logged in until /),
    });

    expect(await chat([...ada, 'send', bobFp, 'hello from the shell'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('(PreKeyMessage)'),
    });
    expect(await chat([...bob, 'receive'])).toEqual({
      code: 0,
      stdout: `${adaFp} PreKeyMessage hello from the shell\n`,
      stderr: '',
    });
    expect((await chat([...bob, 'send', adaFp, 'hi ada'])).code).toBe(0);
    expect((await chat([...ada, 'receive', '--wait', '0'])).stdout).toBe(`${bobFp} (bob) RatchetMessage hi ada\n`);

    // A file (three chunks and a bit) goes through the same way and arrives byte for byte.
    const photo = join(server.home.path, 'photo.bin');
    const bytes = crypto.getRandomValues(new Uint8Array(3 * 65_536 + 1_000));
    await Bun.write(photo, bytes);
    expect(await chat([...ada, 'send-file', bobFp, photo])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`FileHeader and 4 chunks, ${bytes.length} bytes`),
    });
    const received = await chat([...bob, 'receive']);
    const saved = new RegExp(`^${adaFp} File (.+)$`, 'm').exec(received.stdout)?.[1] ?? '';
    expect(Buffer.from(await Bun.file(saved).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const [own, safety] = await Promise.all([chat([...ada, 'fingerprint']), chat([...ada, 'fingerprint', bobFp])]);
    expect(own.stdout).toBe(`${adaFp}\n`);
    expect((await chat([...bob, 'fingerprint', adaFp])).stdout).toBe(safety.stdout);
  }, 30_000);

  test('operations that fail exit 1 with the reason on stderr', async () => {
    await using server = await startChatServer();
    const dir = join(server.home.path, 'ada');
    expect(await chat(['--profile', dir, 'login'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no chat profile'),
    });
    expect((await chat(['--profile', dir, 'init'])).code).toBe(0);
    expect(await chat(['--profile', dir, 'init'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already holds a chat profile'),
    });
    expect(await chat(['--profile', dir, 'fingerprint'], { passphrase: 'wrong' })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/passphrase/i),
    });
    expect(await chat(['--profile', dir, 'send', FP, 'x'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('register'),
    });
  }, 30_000);

  test('init --restore reads the mnemonic from stdin and gives back the same fingerprint', async () => {
    await using server = await startChatServer();
    const first = await chat(['--profile', join(server.home.path, 'one'), 'init']);
    const restored = await chat(['--profile', join(server.home.path, 'two'), 'init', '--restore'], {
      stdin: `${field(first.stdout, 'mnemonic')}\n`,
    });
    expect(restored.code).toBe(0);
    expect(field(restored.stdout, 'fingerprint')).toBe(field(first.stdout, 'fingerprint'));
  }, 30_000);
});

describe('chat command lines', () => {
  test.each([
    ['no profile', ['login'], 'login needs --profile <dir> before the command'],
    ['unknown command', ['--profile', 'p', 'chant'], "unknown command 'chant'"],
    ['missing command', ['--profile', 'p'], 'a command is missing'],
    ['profile without a value', ['--profile'], '--profile needs a directory'],
    ['profile twice', ['--profile', 'a', '--profile', 'b', 'login'], '--profile given twice'],
    ['register without a server', ['--profile', 'p', 'register'], 'register needs --server <url>'],
    ['a server that is not a URL', ['--profile', 'p', 'register', '--server', 'localhost'], 'is not a URL'],
    ['a server of another scheme', ['--profile', 'p', 'register', '--server', 'ftp://x'], 'must start with http://'],
    ['an unknown flag', ['--profile', 'p', 'init', '--force'], "unknown argument '--force' for init"],
    ['a switch with a value', ['--profile', 'p', 'init', '--restore=yes'], '--restore takes no value'],
    ['send without text', ['--profile', 'p', 'send', FP], 'send needs <text>'],
    ['send to a non-fingerprint', ['--profile', 'p', 'send', 'bob', 'hi'], "send: 'bob' is not a fingerprint"],
    ['send with an extra argument', ['--profile', 'p', 'send', FP, 'hi', 'there'], "unexpected argument 'there'"],
    ['send-file without a path', ['--profile', 'p', 'send-file', FP], 'send-file needs <path>'],
    ['a negative wait', ['--profile', 'p', 'receive', '--wait', '-1'], "--wait: '-1' is not a number of seconds"],
    ['a wait that is no number', ['--profile', 'p', 'receive', '--wait', 'soon'], "--wait: 'soon' is not a number"],
    ['group without an action', ['--profile', 'p', 'group'], 'group needs one of create, join, members, send'],
    ['a bad group name', ['--profile', 'p', 'group', 'join', 'a b'], "'a b' is not a group name"],
    ['group send without text', ['--profile', 'p', 'group', 'send', 'crew'], 'group send needs <text>'],
    ['fingerprint of a non-fingerprint', ['--profile', 'p', 'fingerprint', 'xyz'], "'xyz' is not a fingerprint"],
    ['login with an argument', ['--profile', 'p', 'login', 'now'], "login: unexpected argument 'now'"],
  ])('%s is refused: %p', (_name, argv, message) => {
    expect(() => parseChatArgs(argv)).toThrow(ChatArgsError);
    expect(() => parseChatArgs(argv)).toThrow(message);
  });

  test.each([
    [['--help'], { kind: 'help' }],
    [['--profile', 'p', 'init', '--restore'], { kind: 'init', profile: 'p', restore: true }],
    [
      ['--profile=p', 'register', '--server=http://h:7700/', '--alias', 'Ada'],
      { kind: 'register', profile: 'p', server: 'http://h:7700', alias: 'Ada' },
    ],
    [['--profile', 'p', 'receive', '--wait', '2.5'], { kind: 'receive', profile: 'p', wait: 2.5 }],
    [
      ['--profile', 'p', 'group', 'send', 'crew', 'hi all'],
      { kind: 'group', profile: 'p', action: 'send', name: 'crew', text: 'hi all' },
    ],
    [['--profile', 'p', 'fingerprint'], { kind: 'fingerprint', profile: 'p', peer: null }],
  ])('%p parses', (argv, command) => {
    expect(parseChatArgs(argv)).toEqual(command as ReturnType<typeof parseChatArgs>);
  });

  test('a bad command line exits 2 with the message, --help exits 0', async () => {
    const bad = await chat(['--profile', '/nonexistent', 'send', 'bob', 'hi']);
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: "chat: send: 'bob' is not a fingerprint: 8 groups of 4 lowercase hex characters joined by colons\n",
    });
    const noPassphrase = await chat(['--profile', '/nonexistent', 'login'], { passphrase: '' });
    expect(noPassphrase).toMatchObject({ code: 2, stderr: expect.stringContaining('CHAT_PASSPHRASE') });
    const help = await chat(['--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('chat --profile <dir> <command>') });
  });
});
