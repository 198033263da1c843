// All-or-nothing decryption: every failure leaves the session byte-for-byte as it was, and it keeps working.

import { expect, test } from 'bun:test';
import {
  DecryptionFailedError,
  DuplicateMessageError,
  decryptMessage,
  encryptMessage,
  LowOrderKeyError,
  MalformedInputError,
  SessionMismatchError,
  startSession,
  TooFarAheadError,
  TooShortError,
  UnsupportedVersionError,
} from '../src/index.ts';
import { read, text } from './support/hex.ts';
import { bundleOf, connect, createParty, snapshot } from './support/parties.ts';

// Offsets in an ordinary message: format (1) ‖ dh (32) ‖ pn (4) ‖ n (4) ‖ nonce (24) ‖ ciphertext.
const DH = 1;
const PN = 33;
const N = 37;
const NONCE = 41;

function altered(bytes: Uint8Array, change: (copy: Uint8Array) => void): Uint8Array {
  const copy = bytes.slice();
  change(copy);
  return copy;
}

const setU32 = (bytes: Uint8Array, at: number, value: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, false);

const cases: [string, (message: Uint8Array, replay: Uint8Array) => Uint8Array, new (...args: never[]) => Error][] = [
  [
    'a flipped ciphertext bit (bad tag)',
    (m) => altered(m, (c) => (c[c.length - 1] = (c.at(-1) as number) ^ 1)),
    DecryptionFailedError,
  ],
  ['a tampered nonce', (m) => altered(m, (c) => (c[NONCE] = (c[NONCE] as number) ^ 1)), DecryptionFailedError],
  ['a tampered header counter', (m) => altered(m, (c) => setU32(c, N, 3)), DecryptionFailedError],
  ['a tampered previous-chain length', (m) => altered(m, (c) => setU32(c, PN, 7)), DecryptionFailedError],
  ['a tampered ratchet key', (m) => altered(m, (c) => (c[DH + 5] = (c[DH + 5] as number) ^ 1)), DecryptionFailedError],
  ['a low-order ratchet key', (m) => altered(m, (c) => c.fill(0, DH, DH + 32)), LowOrderKeyError],
  ['a counter too far ahead', (m) => altered(m, (c) => setU32(c, N, 5000)), TooFarAheadError],
  ['a replay', (_, replay) => replay, DuplicateMessageError],
  ['a truncated message', (m) => m.subarray(0, 60), TooShortError],
  ['a message without its tag', (m) => m.subarray(0, NONCE + 24 + 10), MalformedInputError],
  ['an unknown format byte', (m) => altered(m, (c) => (c[0] = 9)), UnsupportedVersionError],
  ['an empty message', () => new Uint8Array(0), TooShortError],
];

test.each(cases)('%s fails with a typed error and leaves the session unchanged', async (_name, corrupt, error) => {
  const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
  const replay = encryptMessage(alice, text('seen'));
  decryptMessage(bob, replay);
  const message = encryptMessage(alice, text('intact'));
  const before = snapshot(bob);
  expect(() => decryptMessage(bob, corrupt(message, replay))).toThrow(error);
  expect(snapshot(bob)).toBe(before);
  expect(read(decryptMessage(bob, message))).toBe('intact');
});

test('a message of another session fails and leaves this one unchanged', async () => {
  const alice = await createParty();
  const { responder: bob } = connect(alice, await createParty());
  const { initiator: other } = connect(alice, await createParty());
  const before = snapshot(bob);
  expect(() => decryptMessage(bob, encryptMessage(other, text('elsewhere')))).toThrow(DecryptionFailedError);
  expect(snapshot(bob)).toBe(before);
});

test("a PreKeyMessage reaching the initiator, or another identity's PreKeyMessage, is a session mismatch", async () => {
  const alice = await createParty();
  const bob = await createParty();
  const mallory = await createParty();
  const { initiator, responder } = connect(alice, bob);
  const fromMallory = encryptMessage(startSession(mallory.identity, bundleOf(bob)), text('hi'));
  const toInitiator = encryptMessage(startSession(bob.identity, bundleOf(alice)), text('hi'));
  const before = [snapshot(initiator), snapshot(responder)];
  expect(() => decryptMessage(responder, fromMallory)).toThrow(SessionMismatchError);
  expect(() => decryptMessage(initiator, toInitiator)).toThrow(SessionMismatchError);
  expect([snapshot(initiator), snapshot(responder)]).toEqual(before);
});
