// The `voice` command line as a user runs it: two `voice join` processes talk through a real relay process, a
// sentence spoken by espeak-ng goes in one end and is compared objectively with what comes out of the other;
// `--version-check` reads the relay's version; bad command lines and files fail with exit 2 and a clear message.

import { afterEach, describe, expect, test } from 'bun:test';
import { tempDir } from '@keel/kit/testing';
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

function voice(args: readonly string[]) {
  const child = Bun.spawn({ cmd: [process.execPath, VOICE, ...args], stdout: 'pipe', stderr: 'pipe' });
  cleanup.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return {
    done: Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]).then(
      ([code, stdout, stderr]) => ({ code, stdout, stderr }),
    ),
  };
}

describe('voice join through a relay', () => {
  test('a sentence spoken into one end comes out of the other, recognisably', async () => {
    const { relay, dir } = await relayProcess();
    const spoken = `${dir}/spoken.wav`;
    const espeak = Bun.spawnSync([
      'espeak-ng',
      '-w',
      spoken,
      'The quick brown fox jumps over the lazy dog. One two three four five six.',
    ]);
    expect(espeak.exitCode).toBe(0);
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

    const reference = toMono48k(readWav(await Bun.file(spoken).bytes()));
    const received = toMono48k(readWav(await Bun.file(`${dir}/heard.wav`).bytes()));
    const match = bestLagCorrelation(reference, received, { maxLagSamples: 48_000 * 3 });
    // Opus is not waveform-exact; unrelated audio correlates near 0 (see audio-compare tests).
    expect(match.correlation).toBeGreaterThan(0.5);
    expect(logSpectralDistance(reference, received, match.lag)).toBeLessThan(12);
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
    ['direct calls', ['call', '127.0.0.1:4433'], 'direct calls are not available yet'],
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
