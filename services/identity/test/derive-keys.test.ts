// Deterministic derivation: fixed seeds give the recorded keys, and an independent implementation agrees.

import { describe, expect, test } from 'bun:test';
import { deriveKeys, deriveSubkey, fingerprint, IDENTITY_INFO, InvalidSeedError, parseSeedHex } from '../src/index.ts';
import { toHex } from './support/hex.ts';
import { independentIdentity } from './support/independent-keys.ts';
import vectors from './vectors/derivation.json';

describe('deriveKeys', () => {
  test.each(vectors)('$name derives the recorded keys and fingerprint', async (row) => {
    const keys = await deriveKeys(parseSeedHex(row.seed));
    expect({
      ed25519_secret: toHex(keys.ed25519.secretKey.subarray(0, 32)),
      ed25519_public: toHex(keys.ed25519.publicKey),
      x25519_secret: toHex(keys.x25519.secretKey),
      x25519_public: toHex(keys.x25519.publicKey),
      secp256k1_secret: toHex(keys.secp256k1Secret),
      history_key: toHex(keys.historyKey),
      fingerprint: fingerprint(keys.ed25519.publicKey),
    }).toEqual({
      ed25519_secret: row.ed25519_secret,
      ed25519_public: row.ed25519_public,
      x25519_secret: row.x25519_secret,
      x25519_public: row.x25519_public,
      secp256k1_secret: row.secp256k1_secret,
      history_key: row.history_key,
      fingerprint: row.fingerprint,
    });
  });

  test.each(vectors)('$name gives the same publics and fingerprint through node:crypto', (row) => {
    expect(independentIdentity(row.seed)).toEqual({
      ed25519_public: row.ed25519_public,
      x25519_public: row.x25519_public,
      fingerprint: row.fingerprint,
    });
  });

  test('a random seed agrees with the independent implementation too', async () => {
    const seed = crypto.getRandomValues(new Uint8Array(32));
    const keys = await deriveKeys(seed);
    expect({
      ed25519_public: toHex(keys.ed25519.publicKey),
      x25519_public: toHex(keys.x25519.publicKey),
      fingerprint: fingerprint(keys.ed25519.publicKey),
    }).toEqual(independentIdentity(toHex(seed)));
  });

  test('the four info strings give four different subkeys', () => {
    const seed = parseSeedHex(vectors[0]?.seed ?? '');
    const subkeys = Object.values(IDENTITY_INFO).map((info) => toHex(deriveSubkey(seed, info)));
    expect(new Set(subkeys).size).toBe(4);
  });

  test.each([
    ['empty', 0],
    ['31 bytes', 31],
    ['33 bytes', 33],
    ['64 bytes', 64],
  ])('a seed of the wrong length (%s) is an InvalidSeedError', async (_label, length) => {
    await expect(deriveKeys(new Uint8Array(length))).rejects.toBeInstanceOf(InvalidSeedError);
  });
});
