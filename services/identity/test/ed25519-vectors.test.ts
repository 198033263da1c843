// RFC 8032 §7.1 Ed25519 vectors through the package's keypair builder (libsodium crypto_sign_seed_keypair).

import { describe, expect, test } from 'bun:test';
import sodium from 'libsodium-wrappers';
import { ed25519FromSecret } from '../src/index.ts';
import { fromHex, toHex } from './support/hex.ts';
import vectors from './vectors/ed25519.json';

describe('Ed25519 (RFC 8032)', () => {
  test.each(vectors)('$source: the secret key gives the published public key and signature', async (row) => {
    const pair = await ed25519FromSecret(fromHex(row.secretKey));
    const signature = sodium.crypto_sign_detached(fromHex(row.message), pair.secretKey);
    expect({ publicKey: toHex(pair.publicKey), signature: toHex(signature) }).toEqual({
      publicKey: row.publicKey,
      signature: row.signature,
    });
  });

  test.each(vectors)('$source: the published signature verifies and a changed message does not', async (row) => {
    await sodium.ready;
    const message = fromHex(row.message);
    const altered = Uint8Array.of(...message, 0);
    const verify = (bytes: Uint8Array) =>
      sodium.crypto_sign_verify_detached(fromHex(row.signature), bytes, fromHex(row.publicKey));
    expect({ published: verify(message), altered: verify(altered) }).toEqual({ published: true, altered: false });
  });
});
