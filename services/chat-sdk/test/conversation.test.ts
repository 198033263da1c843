// Conversations through the public API: many turns both ways, reordering, loss, and independent sessions.

import { describe, expect, test } from 'bun:test';
import {
  acceptPreKeyMessage,
  DecryptionFailedError,
  decryptMessage,
  encryptMessage,
  MESSAGE_VERSION,
  PREKEY_MESSAGE_VERSION,
  remoteIdentityKey,
  startSession,
} from '../src/index.ts';
import { read, text } from './support/hex.ts';
import { bundleOf, connect, createParty, sendMany } from './support/parties.ts';

describe('a two-party conversation', () => {
  test('both sides talk over many turns of varying length, each message opening to its text', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const received: string[] = [];
    const sent: string[] = [];
    for (let turn = 0; turn < 40; turn++) {
      const [from, to] = turn % 2 === 0 ? [alice, bob] : [bob, alice];
      for (let i = 0; i < (turn % 5) + 1; i++) {
        const body = `turn ${turn} message ${i}`;
        sent.push(body);
        received.push(read(decryptMessage(to, encryptMessage(from, text(body)))));
      }
    }
    expect(received).toEqual(sent);
  });

  test('every turn of the conversation moves both parties to a fresh ratchet key', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const seen = new Set<string>();
    for (let turn = 0; turn < 6; turn++) {
      const [from, to] = turn % 2 === 0 ? [alice, bob] : [bob, alice];
      decryptMessage(to, encryptMessage(from, text(`turn ${turn}`)));
      seen.add(from.ratchet.dhs.publicKey.join());
    }
    expect(seen.size).toBe(6);
  });

  test('the initiator sends PreKeyMessages until the first reply, then ordinary messages', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const { initiator, responder } = connect(alice, bob);
    expect(encryptMessage(initiator, text('after reply'))[0]).toBe(MESSAGE_VERSION);
    expect(initiator.pendingPreKey).toBeNull();
    expect(remoteIdentityKey(initiator)).toEqual(bob.identity.ed25519.publicKey);
    expect(remoteIdentityKey(responder)).toEqual(alice.identity.ed25519.publicKey);
  });

  test('the responder opens PreKeyMessages that were sent before its reply, in any order', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const session = startSession(alice.identity, bundleOf(bob));
    const early = sendMany(session, 4, 'early');
    expect(early.map((bytes) => bytes[0])).toEqual(Array(4).fill(PREKEY_MESSAGE_VERSION));
    const accepted = acceptPreKeyMessage(bob.identity, bob.store, early[2] as Uint8Array);
    const rest = [early[3], early[0], early[1]].map((bytes) =>
      read(decryptMessage(accepted.session, bytes as Uint8Array)),
    );
    expect([read(accepted.plaintext), ...rest]).toEqual(['early 2', 'early 3', 'early 0', 'early 1']);
  });
});

describe('out-of-order delivery', () => {
  test('messages shuffled within a chain and across ratchet steps all open', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const first = sendMany(alice, 6, 'first');
    // Bob sees only part of the first chain, answers, and Alice starts a second chain.
    const got = [first[4], first[1]].map((m) => read(decryptMessage(bob, m as Uint8Array)));
    decryptMessage(alice, encryptMessage(bob, text('reply')));
    const second = sendMany(alice, 3, 'second');
    for (const m of [second[2], first[0], second[0], first[5], first[2], second[1], first[3]])
      got.push(read(decryptMessage(bob, m as Uint8Array)));
    expect(got).toEqual([
      'first 4',
      'first 1',
      'second 2',
      'first 0',
      'second 0',
      'first 5',
      'first 2',
      'second 1',
      'first 3',
    ]);
    expect(bob.ratchet.skipped.size).toBe(0);
  });
});

describe('lost messages', () => {
  test('the conversation continues past lost messages in both directions and across ratchet steps', async () => {
    const { initiator: alice, responder: bob } = connect(await createParty(), await createParty());
    const fromAlice = sendMany(alice, 5, 'a');
    const atBob = [1, 4].map((i) => read(decryptMessage(bob, fromAlice[i] as Uint8Array)));
    const fromBob = sendMany(bob, 4, 'b');
    const atAlice = [3].map((i) => read(decryptMessage(alice, fromBob[i] as Uint8Array)));
    // Alice's first three messages after Bob's ping are lost; the fourth still opens.
    sendMany(alice, 3, 'lost');
    decryptMessage(alice, encryptMessage(bob, text('ping')));
    atBob.push(read(decryptMessage(bob, encryptMessage(alice, text('after loss')))));
    expect({ atBob, atAlice }).toEqual({ atBob: ['a 1', 'a 4', 'after loss'], atAlice: ['b 3'] });
    // Keys of lost messages stay stored (bounded) in case they arrive late: Bob holds a 0,2,3 and lost 0-2.
    expect({ bob: bob.ratchet.skipped.size, alice: alice.ratchet.skipped.size }).toEqual({ bob: 3 + 3, alice: 3 });
  });
});

describe('three parties', () => {
  test('the A-B, A-C and B-C sessions are independent and a message opens only in its own session', async () => {
    const a = await createParty();
    const b = await createParty();
    const c = await createParty();
    const ab = connect(a, b);
    const ac = connect(a, c);
    const bc = connect(b, c);
    const toB = encryptMessage(ab.initiator, text('a to b'));
    const toC = encryptMessage(ac.initiator, text('a to c'));
    const bToC = encryptMessage(bc.initiator, text('b to c'));
    for (const [session, foreign] of [
      [ac.responder, toB],
      [bc.responder, toB],
      [ab.responder, toC],
      [bc.responder, toC],
      [ac.responder, bToC],
      [ab.initiator, bToC],
    ] as const)
      expect(() => decryptMessage(session, foreign)).toThrow(DecryptionFailedError);
    expect([
      read(decryptMessage(ab.responder, toB)),
      read(decryptMessage(ac.responder, toC)),
      read(decryptMessage(bc.responder, bToC)),
    ]).toEqual(['a to b', 'a to c', 'b to c']);
  });
});
