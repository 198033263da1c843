// The `voice` command line as a user runs it: two `voice join` processes talk through a real relay process (and
// `voice listen` / `voice call` directly), a sentence spoken by espeak-ng goes in one end and is compared
// objectively with what comes out of the other;
// `--version-check` reads the relay's version; bad command lines and files fail with exit 2 and a clear message.

import { afterEach, describe, expect, test } from 'bun:test';
import { tempDir, waitFor } from '@keel/kit/testing';
import { type RelayProcess, startRelay } from '../../relay/test/relay-process.ts';
import { bestLagCorrelation, logSpectralDistance } from '../src/audio-compare.ts';
import { parseVoiceArgs, VoiceArgsError } from '../src/voice-args.ts';
import { readWav, toMono48k } from '../src/wav.ts';

const VOICE = new URL('../src/voice-main.ts', import.meta.url).pathname;
const FP = '6a97:ba63:03b4:db88:b065:f38a:06b0:4e0f';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function relayProcess(): Promise<{ relay: RelayProcess; dir: string }> {
  const home = await tempDir('voice-cli-');
  cleanup.push(() => home[Symbol.asyncDispose]());
  await Bun.write(`${home.path}/relay.toml`, 'jitter_target_depth = 0\n');
  const relay = await startRelay(home.path, ['--config', `${home.path}/relay.toml`]);
  cleanup.push(() => relay[Symbol.asyncDispose]());
  return { relay, dir: home.path };
}

/** Runs `voice ...args`; `line(pattern)` waits for a stderr line matching it, `done` for the exit. */
function voice(args: readonly string[]) {
  const child = Bun.spawn({ cmd: [process.execPath, VOICE, ...args], stdout: 'pipe', stderr: 'pipe' });
  cleanup.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  const readStderr = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) stderr += decoder.decode(chunk, { stream: true });
  })();
  return {
    line: (pattern: RegExp) =>
      waitFor(() => pattern.exec(stderr), { timeoutMs: 15_000, what: `voice to print ${pattern}` }),
    done: Promise.all([child.exited, new Response(child.stdout).text(), readStderr]).then(([code, stdout]) => ({
      code,
      stdout,
      stderr,
    })),
  };
}

/** A WAV of espeak-ng saying a sentence. */
function speak(path: string): string {
  const espeak = Bun.spawnSync([
    'espeak-ng',
    '-w',
    path,
    'The quick brown fox jumps over the lazy dog. One two three four five six.',
  ]);
  expect(espeak.exitCode).toBe(0);
  return path;
}

/** What `heard` holds compared with `spoken`: Opus is not waveform-exact; unrelated audio correlates near 0. */
async function expectRecognisable(spoken: string, heard: string): Promise<void> {
  const reference = toMono48k(readWav(await Bun.file(spoken).bytes()));
  const received = toMono48k(readWav(await Bun.file(heard).bytes()));
  const match = bestLagCorrelation(reference, received, { maxLagSamples: 48_000 * 3 });
  expect(match.correlation).toBeGreaterThan(0.5);
  expect(logSpectralDistance(reference, received, match.lag)).toBeLessThan(12);
}

describe('voice join through a relay', () => {
  test('a sentence spoken into one end comes out of the other, recognisably', async () => {
    const { relay, dir } = await relayProcess();
    const spoken = speak(`${dir}/spoken.wav`);
    const pin = ['--relay-fingerprint', relay.fingerprint];
    const listener = voice([
      'join',
      `127.0.0.1:${relay.port}`,
      '--room',
      'cli',
      ...pin,
      '--seconds',
      '7',
      '--record',
      `${dir}/heard.wav`,
    ]);
    await Bun.sleep(500);
    const talker = voice([
      'join',
      `127.0.0.1:${relay.port}`,
      '--room',
      'cli',
      ...pin,
      '--seconds',
      '6',
      '--send',
      spoken,
    ]);
    const [heard, said] = await Promise.all([listener.done, talker.done]);
    expect(said.code).toBe(0);
    expect(heard.code).toBe(0);
    expect(heard.stderr).toContain('call keyed end to end');
    expect(heard.stderr).toMatch(/profile=GOOD .*played=\d+/);
    await expectRecognisable(spoken, `${dir}/heard.wav`);
  }, 30_000);

  test("--version-check prints the running relay's version", async () => {
    const { relay } = await relayProcess();
    const result = await voice(['--version-check', `127.0.0.1:${relay.port}`, '--relay-fingerprint', relay.fingerprint])
      .done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`voice-relay ${relay.version}`);
  }, 20_000);

  test('a wrong pin ends the join with exit 1 and says why', async () => {
    const { relay } = await relayProcess();
    const result = await voice([
      'join',
      `127.0.0.1:${relay.port}`,
      '--room',
      'x',
      '--relay-fingerprint',
      FP,
      '--seconds',
      '2',
    ]).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fingerprint-mismatch');
  }, 20_000);

  test('--insecure is warned about', async () => {
    const { relay } = await relayProcess();
    const result = await voice(['--version-check', `127.0.0.1:${relay.port}`, '--insecure']).done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: --insecure');
  }, 20_000);
});

describe('voice listen / voice call: a direct call', () => {
  test('the caller pins the listener, speech goes through, a second caller is told Busy', async () => {
    const home = await tempDir('voice-direct-');
    cleanup.push(() => home[Symbol.asyncDispose]());
    const dir = home.path;
    const spoken = speak(`${dir}/spoken.wav`);
    const listener = voice(['listen', '127.0.0.1:0', '--seconds', '7', '--record', `${dir}/heard.wav`]);
    const hint = await listener.line(/call with: voice call (\S+) --peer-fingerprint (\S+)/);
    const [, address = '', fingerprint = ''] = hint;
    const caller = voice(['call', address, '--peer-fingerprint', fingerprint, '--seconds', '6', '--send', spoken]);
    await listener.line(/call keyed end to end \(callee/);
    const second = await voice(['call', address, '--peer-fingerprint', fingerprint, '--seconds', '2']).done;
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/call ended: .*Busy/);

    const [heard, said] = await Promise.all([listener.done, caller.done]);
    expect(said.code).toBe(0);
    expect(said.stderr).toContain('call keyed end to end (caller');
    expect(heard.code).toBe(0);
    await expectRecognisable(spoken, `${dir}/heard.wav`);
  }, 40_000);

  test('a caller with the wrong pin is stopped before any media and exits 1', async () => {
    const listener = voice(['listen', '127.0.0.1:0', '--seconds', '4']);
    const [, address = ''] = await listener.line(/call with: voice call (\S+)/);
    const result = await voice(['call', address, '--peer-fingerprint', FP, '--seconds', '2']).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fingerprint-mismatch');
  }, 20_000);
});

describe('voice command line errors', () => {
  test.each<[string, string[], string]>([
    ['an unknown command', ['dance'], "unknown argument 'dance'"],
    ['an unknown flag', ['join', '127.0.0.1:4433', '--room', 'a', '--insecure', '--loud'], "unknown argument '--loud'"],
    ['no relay', ['join'], 'voice join needs the relay as <host:port>'],
    ['a relay without a port', ['join', 'relay.example', '--room', 'a', '--insecure'], 'voice join:'],
    ['no room', ['join', '127.0.0.1:4433', '--insecure'], 'voice join needs --room <name>'],
    ['a bad room', ['join', '127.0.0.1:4433', '--room', 'a b', '--insecure'], '--room:'],
    ['no pin and no --insecure', ['join', '127.0.0.1:4433', '--room', 'a'], "the relay's fingerprint is needed"],
    [
      'both pin and --insecure',
      ['join', '127.0.0.1:4433', '--room', 'a', '--insecure', '--relay-fingerprint', FP],
      'exclude each other',
    ],
    [
      'a malformed pin',
      ['join', '127.0.0.1:4433', '--room', 'a', '--relay-fingerprint', 'abc'],
      '--relay-fingerprint:',
    ],
    ['zero seconds', ['join', '127.0.0.1:4433', '--room', 'a', '--insecure', '--seconds', '0'], '--seconds:'],
    ['a bad profile', ['join', '127.0.0.1:4433', '--room', 'a', '--insecure', '--profile', 'great'], '--profile:'],
    ['a flag without its value', ['join', '127.0.0.1:4433', '--room'], '--room needs a value'],
    ['a flag twice', ['join', '127.0.0.1:4433', '--room', 'a', '--room', 'b', '--insecure'], '--room given twice'],
    ['a call without a peer', ['call'], 'voice call needs the listening client as <host:port>'],
    ['a call without a pin', ['call', '127.0.0.1:4433'], "the listener's fingerprint is needed: --peer-fingerprint"],
    ['a call with a room', ['call', '127.0.0.1:4433', '--insecure', '--room', 'a'], "unknown argument '--room'"],
    [
      'a call with the relay flag',
      ['call', '127.0.0.1:4433', '--relay-fingerprint', FP],
      "unknown argument '--relay-fingerprint'",
    ],
    ['a listen without an address', ['listen'], 'voice listen needs the address to listen on as <host:port>'],
    ['a listen with a pin', ['listen', '127.0.0.1:0', '--insecure'], "unknown argument '--insecure'"],
    ['a listen on a bad port', ['listen', '127.0.0.1:99999'], 'voice listen:'],
  ])('%s is refused', (_, argv, message) => {
    expect(() => parseVoiceArgs(argv)).toThrow(VoiceArgsError);
    expect(() => parseVoiceArgs(argv)).toThrow(message);
  });

  test('a good join parses to what the user asked', () => {
    expect(
      parseVoiceArgs([
        'join',
        '127.0.0.1:4433',
        '--room=den',
        '--relay-fingerprint',
        FP,
        '--seconds',
        '2.5',
        '--profile',
        'degraded',
      ]),
    ).toEqual({
      kind: 'join',
      relay: { host: '127.0.0.1', port: 4433 },
      room: 'den',
      send: null,
      record: null,
      seconds: 2.5,
      check: { fingerprint: FP },
      token: null,
      profile: 'DEGRADED',
    });
  });

  test('direct calls parse to what the user asked', () => {
    expect(parseVoiceArgs(['listen', '0.0.0.0:0', '--seconds', '3', '--record', 'out.wav'])).toEqual({
      kind: 'listen',
      bind: { host: '0.0.0.0', port: 0 },
      send: null,
      record: 'out.wav',
      seconds: 3,
      profile: null,
    });
    expect(parseVoiceArgs(['call', '127.0.0.1:5000', '--peer-fingerprint', FP, '--profile', 'good'])).toEqual({
      kind: 'call',
      peer: { host: '127.0.0.1', port: 5000 },
      check: { fingerprint: FP },
      send: null,
      record: null,
      seconds: null,
      profile: 'GOOD',
    });
  });

  test('the process exits 2 with the message, and 2 for a WAV it cannot read', async () => {
    const bad = await voice(['join', '127.0.0.1:4433']).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('voice: voice join needs --room <name>');
    const dir = await tempDir('voice-wav-');
    cleanup.push(() => dir[Symbol.asyncDispose]());
    await Bun.write(`${dir.path}/not.wav`, 'this is not a wav file');
    const wav = await voice(['join', '127.0.0.1:4433', '--room', 'a', '--insecure', '--send', `${dir.path}/not.wav`])
      .done;
    expect(wav.code).toBe(2);
    expect(wav.stderr).toContain('voice:');
    const missing = await voice([
      'join',
      '127.0.0.1:4433',
      '--room',
      'a',
      '--insecure',
      '--send',
      `${dir.path}/nope.wav`,
    ]).done;
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });
});
