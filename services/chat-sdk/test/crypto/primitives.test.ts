// Known-answer checks of the primitives the protocol is built on: HKDF-SHA256 (RFC 5869) and X25519 (RFC 7748).

import { describe, expect, test } from 'bun:test';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { x25519 } from '../../src/crypto/x25519.ts';
import { InvalidKeyError, LowOrderKeyError } from '../../src/index.ts';
import { fromHex, toHex } from '../support/hex.ts';
import hkdfVectors from '../vectors/hkdf.json';
import lowOrderPoints from '../vectors/low-order-x25519.json';
import x25519Vectors from '../vectors/x25519.json';

describe('HKDF-SHA256 as the KDFs call it', () => {
  test.each(hkdfVectors)('$source: $name gives the published OKM', (row) => {
    const okm = hkdf(sha256, fromHex(row.ikm), fromHex(row.salt), fromHex(row.info), row.length);
    expect(toHex(okm)).toBe(row.okm);
  });
});

describe('x25519', () => {
  test.each(x25519Vectors)('$source: $name from either side', (row) => {
    expect({
      alice: toHex(x25519(fromHex(row.alicePrivate), fromHex(row.bobPublic))),
      bob: toHex(x25519(fromHex(row.bobPrivate), fromHex(row.alicePublic))),
    }).toEqual({ alice: row.shared, bob: row.shared });
  });

  test.each(lowOrderPoints)('refuses the $name public key: the shared secret would be all zero', (row) => {
    const secret = fromHex(x25519Vectors[0]?.alicePrivate ?? '');
    expect(() => x25519(secret, fromHex(row.hex))).toThrow(LowOrderKeyError);
  });

  test('refuses keys of the wrong length', () => {
    expect(() => x25519(new Uint8Array(31), new Uint8Array(32).fill(9))).toThrow(InvalidKeyError);
    expect(() => x25519(new Uint8Array(32).fill(1), new Uint8Array(33).fill(9))).toThrow(InvalidKeyError);
  });
});
