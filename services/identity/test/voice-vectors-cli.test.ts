// The interop command `bun run voice:vectors identity|mnemonic`, run as a child process from the repository root.

import { describe, expect, test } from 'bun:test';
import { runVoiceVectors as voiceVectors } from '../../../scripts/test-support/run-voice-vectors.ts';
import bip39Vectors from './vectors/bip39.json';
import derivation from './vectors/derivation.json';

const EXIT_REFUSED = 2;

describe('bun run voice:vectors', () => {
  test.each(derivation)('identity --seed prints the keys and fingerprint of $name', async (row) => {
    const run = await voiceVectors('identity', '--seed', row.seed);
    expect({ exitCode: run.exitCode, output: JSON.parse(run.stdout) }).toEqual({
      exitCode: 0,
      output: { ed25519_public: row.ed25519_public, x25519_public: row.x25519_public, fingerprint: row.fingerprint },
    });
  });

  test('identity output is exactly one JSON line', async () => {
    const run = await voiceVectors('identity', '--seed', derivation[0]?.seed ?? '');
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  test.each(bip39Vectors.slice(0, 3))('mnemonic --words prints the seed of $source', async (row) => {
    const run = await voiceVectors('mnemonic', '--words', row.mnemonic);
    expect({ exitCode: run.exitCode, output: JSON.parse(run.stdout) }).toEqual({
      exitCode: 0,
      output: { seed: row.entropy },
    });
  });

  test.each([
    ['a non-hex seed', ['identity', '--seed', 'zz'.repeat(32)], 'invalid_seed'],
    ['a short seed', ['identity', '--seed', 'ab'.repeat(31)], 'invalid_seed'],
    ['a missing --seed', ['identity'], '--seed is required'],
    ['an unknown flag', ['identity', '--seed', 'ab'.repeat(32), '--extra', 'x'], 'identity:'],
    ['a 12-word mnemonic', ['mnemonic', '--words', `${'abandon '.repeat(11)}about`], 'mnemonic_word_count'],
    ['an unknown word', ['mnemonic', '--words', `${'abandon '.repeat(23)}qwerty`], 'mnemonic_unknown_word'],
    ['a bad checksum', ['mnemonic', '--words', `${'abandon '.repeat(23)}abandon`], 'mnemonic_checksum'],
    ['an unknown subcommand', ['nonsense'], 'unknown subcommand'],
    ['no subcommand', [], 'no subcommand'],
  ])('%s exits 2 with the reason on stderr and nothing on stdout', async (_label, args, reason) => {
    const run = await voiceVectors(...args);
    expect({ exitCode: run.exitCode, stdout: run.stdout, mentionsReason: run.stderr.includes(reason) }).toEqual({
      exitCode: EXIT_REFUSED,
      stdout: '',
      mentionsReason: true,
    });
  });
});
