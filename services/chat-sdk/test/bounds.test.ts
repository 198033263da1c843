// The ratchet's bounds: MAX_SKIP per chain, MAX_SKIPPED_KEYS per session (oldest evicted), and replay refusal.

import { describe, expect, test } from 'bun:test';
import {
  acceptPreKeyMessage,
  DecryptionFailedError,
  DuplicateMessageError,
  decryptMessage,
  encryptMessage,
  MAX_SKIP,
  MAX_SKIPPED_KEYS,
  startSession,
  TooFarAheadError,
} from '../src/index.ts';
import { read, text } from './support/hex.ts';
import { bundleOf, connect, createParty, sendMany, snapshot } from './support/parties.ts';

describe('MAX_SKIP', () => {
  test('a message exactly MAX_SKIP keys ahead opens and stores every skipped key', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const messages = sendMany(alice, MAX_SKIP + 1, 'm');
    expect(read(decryptMessage(bob, messages[MAX_SKIP] as Uint8Array))).toBe(`m ${MAX_SKIP}`);
    expect(bob.ratchet.skipped.size).toBe(MAX_SKIP);
    expect(read(decryptMessage(bob, messages[0] as Uint8Array))).toBe('m 0');
  });

  test('a message MAX_SKIP + 1 keys ahead is too far ahead and leaves the session unchanged', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const messages = sendMany(alice, MAX_SKIP + 2, 'm');
    const before = snapshot(bob);
    expect(() => decryptMessage(bob, messages[MAX_SKIP + 1] as Uint8Array)).toThrow(TooFarAheadError);
    expect(snapshot(bob)).toBe(before);
    expect(read(decryptMessage(bob, messages[0] as Uint8Array))).toBe('m 0');
  });
});

describe('stored skipped keys', () => {
  test(`at most ${MAX_SKIPPED_KEYS} are kept per session, the oldest evicted first`, async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const chains: Uint8Array[][] = [];
    // Three chains from Alice, Bob reading only each chain's last message: 1000 + 1000 + 500 skipped keys.
    for (const length of [MAX_SKIP + 1, MAX_SKIP + 1, 501]) {
      const chain = sendMany(alice, length, `chain ${chains.length}`);
      chains.push(chain);
      decryptMessage(bob, chain[length - 1] as Uint8Array);
      decryptMessage(alice, encryptMessage(bob, text('next chain please')));
    }
    expect(bob.ratchet.skipped.size).toBe(MAX_SKIPPED_KEYS);
    const [oldest, secondOldest] = [chains[0]?.[0], chains[0]?.[499]] as Uint8Array[];
    expect(() => decryptMessage(bob, oldest as Uint8Array)).toThrow(DecryptionFailedError);
    expect(() => decryptMessage(bob, secondOldest as Uint8Array)).toThrow(DecryptionFailedError);
    expect(read(decryptMessage(bob, chains[0]?.[500] as Uint8Array))).toBe('chain 0 500');
    expect(read(decryptMessage(bob, chains[2]?.[0] as Uint8Array))).toBe('chain 2 0');
  });
});

describe('replay', () => {
  test('a message decrypted in order is refused the second time, leaving the session unchanged', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const message = encryptMessage(alice, text('once'));
    decryptMessage(bob, message);
    const before = snapshot(bob);
    expect(() => decryptMessage(bob, message)).toThrow(DuplicateMessageError);
    expect(snapshot(bob)).toBe(before);
  });

  test('a message opened from a skipped key is refused the second time', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const [early, late] = sendMany(alice, 2, 'm') as [Uint8Array, Uint8Array];
    decryptMessage(bob, late);
    decryptMessage(bob, early);
    expect(() => decryptMessage(bob, early)).toThrow(DuplicateMessageError);
  });

  test('a message from a chain the ratchet has moved past is refused, leaving the session unchanged', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const old = encryptMessage(alice, text('old chain'));
    decryptMessage(bob, old);
    decryptMessage(alice, encryptMessage(bob, text('turn')));
    decryptMessage(bob, encryptMessage(alice, text('new chain')));
    const before = snapshot(bob);
    expect(() => decryptMessage(bob, old)).toThrow(DecryptionFailedError);
    expect(snapshot(bob)).toBe(before);
  });

  test('a replayed PreKeyMessage is refused by the session it created', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const hello = encryptMessage(startSession(alice.identity, bundleOf(bob)), text('hello'));
    const { session } = acceptPreKeyMessage(bob.identity, bob.store, hello);
    expect(() => decryptMessage(session, hello)).toThrow(DuplicateMessageError);
  });
});
