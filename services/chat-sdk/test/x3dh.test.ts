// X3DH through the public API: bundles with and without a one-time prekey, signature and low-order refusals,
// prekey lookup, and the one-time prekey leaving the store only on success.

import { describe, expect, test } from 'bun:test';
import { sodium } from '../src/crypto/sodium.ts';
import {
  acceptPreKeyMessage,
  DecryptionFailedError,
  decodePreKeyMessage,
  decryptMessage,
  encodePreKeyMessage,
  encryptMessage,
  InvalidKeyError,
  InvalidSignatureError,
  type KeyBundle,
  LowOrderKeyError,
  type PreKeyMessage,
  startSession,
  UnknownPrekeyError,
} from '../src/index.ts';
import { x3dhInitiate, x3dhRespond } from '../src/x3dh.ts';
import { fromHex, read, text } from './support/hex.ts';
import { bundleOf, createParty, type Party } from './support/parties.ts';
import lowOrderPoints from './vectors/low-order-x25519.json';

const helloFrom = (alice: Party, bundle: KeyBundle) =>
  encryptMessage(startSession(alice.identity, bundle), text('hello'));

function withMessage(bytes: Uint8Array, change: (message: PreKeyMessage) => Partial<PreKeyMessage>): Uint8Array {
  const message = decodePreKeyMessage(bytes);
  return encodePreKeyMessage({ ...message, ...change(message) });
}

describe('key agreement', () => {
  test('both sides derive the same shared key and associated data, with and without DH4', async () => {
    const alice = await createParty();
    const bob = await createParty(1);
    for (const bundle of [bundleOf(bob), bundleOf(bob)]) {
      const sent = x3dhInitiate(alice.identity, bundle);
      const spk = bob.store.signedPrekeys.get(bundle.signedPrekey.id);
      const opk = bundle.oneTimePrekey ? bob.store.oneTimePrekeys.get(bundle.oneTimePrekey.id) : null;
      if (spk === undefined || opk === undefined) throw new Error('the store lost a prekey');
      const received = x3dhRespond(bob.identity, spk, opk, {
        identityKey: alice.identity.ed25519.publicKey,
        identityDhKey: alice.identity.x25519.publicKey,
        ephemeralKey: sent.ephemeralKey,
      });
      expect(received).toEqual({ sharedKey: sent.sharedKey, ad: sent.ad });
    }
  });

  test('with no one-time prekey left, X3DH runs without DH4 and the conversation works', async () => {
    const alice = await createParty();
    const bob = await createParty(0);
    const bundle = bundleOf(bob);
    expect(bundle.oneTimePrekey).toBeNull();
    const session = startSession(alice.identity, bundle);
    const hello = encryptMessage(session, text('no opk'));
    expect(decodePreKeyMessage(hello).oneTimePrekeyId).toBeNull();
    const accepted = acceptPreKeyMessage(bob.identity, bob.store, hello);
    const reply = read(decryptMessage(session, encryptMessage(accepted.session, text('fine'))));
    expect([read(accepted.plaintext), reply]).toEqual(['no opk', 'fine']);
  });

  test('the one-time prekey leaves the store only when its PreKeyMessage authenticates', async () => {
    const alice = await createParty();
    const bob = await createParty(1);
    const hello = helloFrom(alice, bundleOf(bob));
    const opkId = decodePreKeyMessage(hello).oneTimePrekeyId as number;
    const forged = hello.slice();
    forged[forged.length - 1] = (forged.at(-1) as number) ^ 1;
    expect(() => acceptPreKeyMessage(bob.identity, bob.store, forged)).toThrow(DecryptionFailedError);
    expect(bob.store.oneTimePrekeys.has(opkId)).toBe(true);
    acceptPreKeyMessage(bob.identity, bob.store, hello);
    expect(bob.store.oneTimePrekeys.has(opkId)).toBe(false);
    expect(bob.store.signedPrekeys.size).toBe(1);
    expect(() => acceptPreKeyMessage(bob.identity, bob.store, hello)).toThrow(UnknownPrekeyError);
  });

  test('unknown signed or one-time prekey ids are refused and the store is untouched', async () => {
    const alice = await createParty();
    const bob = await createParty(1);
    const hello = helloFrom(alice, bundleOf(bob));
    const free = (used: Map<number, unknown>) => (used.has(77) ? 78 : 77);
    const badSigned = withMessage(hello, () => ({ signedPrekeyId: free(bob.store.signedPrekeys) }));
    const badOneTime = withMessage(hello, () => ({ oneTimePrekeyId: free(bob.store.oneTimePrekeys) }));
    expect(() => acceptPreKeyMessage(bob.identity, bob.store, badSigned)).toThrow(
      expect.objectContaining({ code: 'unknown_prekey', kind: 'signed' }),
    );
    expect(() => acceptPreKeyMessage(bob.identity, bob.store, badOneTime)).toThrow(
      expect.objectContaining({ code: 'unknown_prekey', kind: 'one_time' }),
    );
    expect([bob.store.signedPrekeys.size, bob.store.oneTimePrekeys.size]).toEqual([1, 1]);
  });
});

describe('bundle verification', () => {
  test('a signed prekey whose signature does not verify aborts X3DH', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const mallory = await createParty();
    const good = bundleOf(bob);
    const flipped = good.signedPrekey.signature.slice();
    flipped[0] = (flipped[0] as number) ^ 1;
    const forgeries: KeyBundle[] = [
      { ...good, signedPrekey: { ...good.signedPrekey, signature: flipped } },
      { ...good, signedPrekey: mallory.signedPrekey },
      { ...good, signedPrekey: { ...good.signedPrekey, publicKey: mallory.signedPrekey.publicKey } },
      { ...good, identityKey: mallory.identity.ed25519.publicKey },
    ];
    for (const bundle of forgeries) expect(() => startSession(alice.identity, bundle)).toThrow(InvalidSignatureError);
  });

  test('bundle fields of the wrong length or with out-of-range ids are refused', async () => {
    const alice = await createParty();
    const good = bundleOf(await createParty());
    const bad: KeyBundle[] = [
      { ...good, identityKey: new Uint8Array(31) },
      { ...good, identityDhKey: new Uint8Array(33) },
      { ...good, signedPrekey: { ...good.signedPrekey, signature: new Uint8Array(63) } },
      { ...good, signedPrekey: { ...good.signedPrekey, id: 0 } },
      { ...good, signedPrekey: { ...good.signedPrekey, id: 2 ** 24 } },
      { ...good, oneTimePrekey: { id: 1.5, publicKey: new Uint8Array(32) } },
    ];
    for (const bundle of bad) expect(() => startSession(alice.identity, bundle)).toThrow(InvalidKeyError);
  });
});

describe.each(lowOrderPoints)('the low-order X25519 key $name', ({ hex }) => {
  const point = fromHex(hex);

  test('is refused as the signed prekey, identity DH key or one-time prekey of a bundle', async () => {
    const alice = await createParty();
    const bob = await createParty();
    const good = bundleOf(bob);
    const signature = sodium.crypto_sign_detached(point, bob.identity.ed25519.secretKey);
    const bundles: KeyBundle[] = [
      { ...good, signedPrekey: { ...good.signedPrekey, publicKey: point, signature } },
      { ...good, identityDhKey: point },
      { ...good, oneTimePrekey: { id: 1, publicKey: point } },
    ];
    for (const bundle of bundles) expect(() => startSession(alice.identity, bundle)).toThrow(LowOrderKeyError);
  });

  test('is refused as the ephemeral or identity DH key of a PreKeyMessage, leaving the store intact', async () => {
    const alice = await createParty();
    const bob = await createParty(1);
    const hello = helloFrom(alice, bundleOf(bob));
    for (const change of [{ ephemeralKey: point }, { identityDhKey: point }]) {
      expect(() =>
        acceptPreKeyMessage(
          bob.identity,
          bob.store,
          withMessage(hello, () => change),
        ),
      ).toThrow(LowOrderKeyError);
    }
    expect(bob.store.oneTimePrekeys.size).toBe(1);
  });
});
