// RFC 5869 HKDF-SHA256 test cases 1-3 against @noble/hashes, the HKDF every identity key goes through.

import { describe, expect, test } from 'bun:test';
import { expand, extract, hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, toHex } from './support/hex.ts';
import vectors from './vectors/hkdf.json';

describe('HKDF-SHA256 (RFC 5869)', () => {
  test.each(vectors)('$source: $name gives the published PRK and OKM', (row) => {
    const prk = extract(sha256, fromHex(row.ikm), fromHex(row.salt));
    const okm = expand(sha256, prk, fromHex(row.info), row.length);
    const oneShot = hkdf(sha256, fromHex(row.ikm), fromHex(row.salt), fromHex(row.info), row.length);
    expect({ prk: toHex(prk), okm: toHex(okm), oneShot: toHex(oneShot) }).toEqual({
      prk: row.prk,
      okm: row.okm,
      oneShot: row.okm,
    });
  });
});
