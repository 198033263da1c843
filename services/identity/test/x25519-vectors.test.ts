// RFC 7748 §6.1 X25519 vectors through the package's keypair builder (libsodium crypto_scalarmult_base).

import { describe, expect, test } from 'bun:test';
import sodium from 'libsodium-wrappers';
import { x25519FromScalar } from '../src/index.ts';
import { fromHex, toHex } from './support/hex.ts';
import vectors from './vectors/x25519.json';

describe('X25519 (RFC 7748)', () => {
  test.each(vectors)('$source: both publics and the shared secret match, from either side', async (row) => {
    const alice = await x25519FromScalar(fromHex(row.alicePrivate));
    const bob = await x25519FromScalar(fromHex(row.bobPrivate));
    expect({
      alicePublic: toHex(alice.publicKey),
      bobPublic: toHex(bob.publicKey),
      aliceShared: toHex(sodium.crypto_scalarmult(alice.secretKey, fromHex(row.bobPublic))),
      bobShared: toHex(sodium.crypto_scalarmult(bob.secretKey, fromHex(row.alicePublic))),
    }).toEqual({
      alicePublic: row.alicePublic,
      bobPublic: row.bobPublic,
      aliceShared: row.shared,
      bobShared: row.shared,
    });
  });
});
