// Sessions at rest: sealed under the history key, restored after a "restart", and refused when altered.

import { describe, expect, test } from 'bun:test';
import {
  acceptPreKeyMessage,
  decryptMessage,
  deserializeSession,
  encryptMessage,
  InvalidKeyError,
  MalformedInputError,
  openSession,
  type Session,
  SessionOpenError,
  sealSession,
  serializeSession,
  startSession,
  TooShortError,
  UnsupportedVersionError,
} from '../src/index.ts';
import { read, text, toHex } from './support/hex.ts';
import { bundleOf, connect, createParty, type Party, sendMany } from './support/parties.ts';

const persist = (party: Party, session: Session): Uint8Array =>
  sealSession(party.identity.historyKey, serializeSession(session));
const restore = (party: Party, sealed: Uint8Array): Session =>
  deserializeSession(openSession(party.identity.historyKey, sealed));

describe('a session restored from disk', () => {
  test('continues the conversation both ways, including messages in flight and skipped keys', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const pair = connect(alice, bob);
    const inFlight = sendMany(pair.initiator, 3, 'in flight');
    decryptMessage(pair.responder, inFlight[2] as Uint8Array);
    const onDisk = { alice: persist(alice, pair.initiator), bob: persist(bob, pair.responder) };

    const aliceAgain = restore(alice, onDisk.alice);
    const bobAgain = restore(bob, onDisk.bob);
    expect(serializeSession(bobAgain)).toEqual(serializeSession(pair.responder));
    const heard = [inFlight[0], inFlight[1]].map((m) => read(decryptMessage(bobAgain, m as Uint8Array)));
    heard.push(read(decryptMessage(aliceAgain, encryptMessage(bobAgain, text('bob after restart')))));
    heard.push(read(decryptMessage(bobAgain, encryptMessage(aliceAgain, text('alice after restart')))));
    expect(heard).toEqual(['in flight 0', 'in flight 1', 'bob after restart', 'alice after restart']);
  });

  test('an initiator restored before any reply still sends PreKeyMessages the responder accepts', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const session = restore(alice, persist(alice, startSession(alice.identity, bundleOf(bob))));
    const accepted = acceptPreKeyMessage(bob.identity, bob.store, encryptMessage(session, text('after restore')));
    expect(read(accepted.plaintext)).toBe('after restore');
  });

  test('the sealed bytes differ on every seal (random nonce) and do not contain the serialized state', async () => {
    const alice = await createParty();
    const { initiator } = connect(alice, await createParty());
    const [one, two] = [persist(alice, initiator), persist(alice, initiator)] as [Uint8Array, Uint8Array];
    expect(one).not.toEqual(two);
    expect(toHex(one)).not.toContain(toHex(initiator.ratchet.rk));
  });
});

describe('openSession refuses', () => {
  const cases: [
    string,
    (sealed: Uint8Array, key: Uint8Array) => [Uint8Array, Uint8Array],
    new (...a: never[]) => Error,
  ][] = [
    ['the wrong key', (s, k) => [k.map((b) => b ^ 1), s], SessionOpenError],
    ['a flipped ciphertext bit', (s, k) => [k, flip(s, s.length - 1)], SessionOpenError],
    ['a flipped nonce bit', (s, k) => [k, flip(s, 10)], SessionOpenError],
    ['a truncated seal', (s, k) => [k, s.subarray(0, s.length - 1)], SessionOpenError],
    ['a seal shorter than header, nonce and tag', (s, k) => [k, s.subarray(0, 40)], TooShortError],
    ['a bad magic', (s, k) => [k, flip(s, 0)], MalformedInputError],
    ['an unknown version', (s, k) => [k, flip(s, 3)], UnsupportedVersionError],
    ['a key of the wrong length', (s, k) => [k.subarray(0, 31), s], InvalidKeyError],
  ];

  test.each(cases)('%s with a typed error', async (_name, alter, error) => {
    const alice = await createParty();
    const { initiator } = connect(alice, await createParty());
    const [key, sealed] = alter(persist(alice, initiator), alice.identity.historyKey);
    expect(() => openSession(key, sealed)).toThrow(error);
  });
});

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = (copy[at] as number) ^ 1;
  return copy;
}
