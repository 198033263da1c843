// Fingerprint format: eight colon-joined groups of four lowercase hex characters from SHA-256 of the key.

import { describe, expect, test } from 'bun:test';
import { sha256 } from '@noble/hashes/sha2.js';
import { fingerprint, InvalidPublicKeyError } from '../src/index.ts';
import { toHex } from './support/hex.ts';

describe('fingerprint', () => {
  test('is the first 16 bytes of SHA-256 of the key, as eight groups of four hex characters', () => {
    const key = Uint8Array.from({ length: 32 }, (_, index) => index);
    const expected = toHex(sha256(key).subarray(0, 16)).replace(/(.{4})(?!$)/g, '$1:');
    expect(fingerprint(key)).toBe(expected);
    expect(fingerprint(key)).toMatch(/^[0-9a-f]{4}(:[0-9a-f]{4}){7}$/);
  });

  test.each([0, 31, 33])('a %i-byte key is an InvalidPublicKeyError', (length) => {
    expect(() => fingerprint(new Uint8Array(length))).toThrow(InvalidPublicKeyError);
  });
});
