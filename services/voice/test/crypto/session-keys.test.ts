// Tests for per-call key agreement: both ends derive the same key and id, rekey chains on the old key, erase zeroes.

import { describe, expect, test } from 'bun:test';
import {
  deriveRekeyKey,
  deriveSessionKey,
  erase,
  generateEphemeral,
  InvalidKeyError,
  sessionIdOf,
  sharedSecret,
} from '../../src/index.ts';

describe('session keys', () => {
  test('caller and callee derive the same session key and 4-byte session id', () => {
    const caller = generateEphemeral();
    const callee = generateEphemeral();
    const a = deriveSessionKey(sharedSecret(caller.secretKey, callee.publicKey));
    const b = deriveSessionKey(sharedSecret(callee.secretKey, caller.publicKey));
    expect(a).toEqual(b);
    expect(a.length).toBe(32);
    expect(sessionIdOf(a)).toEqual(sessionIdOf(b));
    expect(sessionIdOf(a).length).toBe(4);
  });

  test('a rekey key depends on both the new exchange and the old key', () => {
    const shared = sharedSecret(generateEphemeral().secretKey, generateEphemeral().publicKey);
    const oldA = new Uint8Array(32).fill(1);
    const oldB = new Uint8Array(32).fill(2);
    expect(deriveRekeyKey(oldA, shared)).not.toEqual(deriveRekeyKey(oldB, shared));
    expect(deriveRekeyKey(oldA, shared)).not.toEqual(deriveSessionKey(shared));
  });

  test('a low-order peer key (all-zero shared secret) is refused', () => {
    expect(() => sharedSecret(generateEphemeral().secretKey, new Uint8Array(32))).toThrow(InvalidKeyError);
  });

  test('erase overwrites key bytes in place', () => {
    const key = new Uint8Array(32).fill(0xaa);
    erase(key);
    expect(key).toEqual(new Uint8Array(32));
  });
});
