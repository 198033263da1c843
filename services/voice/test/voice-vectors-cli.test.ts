// The interop command's voice forms (`session`, `rekey`, `header`, `seal`), run as a child process from the root.

import { expect, test } from 'bun:test';
import { runVoiceVectors as voiceVectors } from '../../../scripts/test-support/run-voice-vectors.ts';
import { rekeyVector, sealVector } from '../src/interop-vectors.ts';

// RFC 7748 §6.1: Alice's secret, Bob's public, and their shared secret.
const ALICE_SECRET = '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a';
const BOB_PUBLIC = 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f';
const SHARED = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
const KEY = '11'.repeat(32);
const INTEROP_HEADER = '8f90ffff0001e24007030000';

test('session prints the RFC 7748 shared secret with the session key and id derived from it', async () => {
  const run = await voiceVectors('session', '--secret', ALICE_SECRET, '--peer', BOB_PUBLIC);
  expect(run.exitCode).toBe(0);
  expect(run.json()).toMatchObject({ shared: SHARED });
  expect(run.json().session_key).toMatch(/^[0-9a-f]{64}$/);
  expect(run.json().session_id).toMatch(/^[0-9a-f]{8}$/);
});

test('rekey prints the key the library derives', async () => {
  const run = await voiceVectors('rekey', '--old-key', KEY, '--secret', ALICE_SECRET, '--peer', BOB_PUBLIC);
  expect(run.json()).toEqual(rekeyVector({ oldKeyHex: KEY, secretHex: ALICE_SECRET, peerHex: BOB_PUBLIC }));
});

test('header prints the interop example’s bytes, worked out by hand in docs/voice-protocol.md', async () => {
  const json =
    '{"version":1,"repair":false,"codec":3,"quality":true,"fec_ratio":100,"seq":65535,"timestamp":123456,"block":7,"symbol":3,"csrc":0}';
  expect((await voiceVectors('header', '--json', json)).json()).toEqual({ hex: INTEROP_HEADER });
});

test('seal prints the nonce and the sealed packet the library produces', async () => {
  const run = await voiceVectors(
    'seal',
    '--key',
    KEY,
    '--seq',
    '1',
    '--direction',
    '1',
    '--header',
    INTEROP_HEADER,
    '--payload',
    '0102',
  );
  expect(run.json()).toEqual(
    sealVector({ keyHex: KEY, seq: 1, direction: 1, headerHex: INTEROP_HEADER, payloadHex: '0102' }),
  );
  expect(run.json().nonce?.slice(16, 18)).toBe('01');
});

test.each([
  [
    'a non-numeric sequence',
    ['seal', '--key', KEY, '--seq', 'x', '--direction', '0', '--header', INTEROP_HEADER, '--payload', '00'],
  ],
  [
    'direction 2',
    ['seal', '--key', KEY, '--seq', '1', '--direction', '2', '--header', INTEROP_HEADER, '--payload', '00'],
  ],
  ['a short key', ['session', '--secret', 'abcd', '--peer', BOB_PUBLIC]],
  ['a header that is not JSON', ['header', '--json', '{codec']],
  ['a missing flag', ['rekey', '--old-key', KEY, '--secret', ALICE_SECRET]],
])('%s is refused on stderr with exit 2', async (_name, args) => {
  const run = await voiceVectors(...args);
  expect([run.exitCode, run.stdout]).toEqual([2, '']);
  expect(run.stderr.length).toBeGreaterThan(10);
});

test('--help prints every form on stdout and exits 0', async () => {
  const run = await voiceVectors('--help');
  expect(run.exitCode).toBe(0);
  for (const form of ['identity', 'mnemonic', 'session', 'rekey', 'header', 'seal']) {
    expect(run.stdout).toContain(`voice:vectors ${form} `);
  }
});
