// Tests for the interop vector functions behind `voice:vectors`: RFC 7748 keys in, our derivations out.

import { describe, expect, test } from 'bun:test';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  fromHex,
  headerVector,
  InvalidVectorInputError,
  openPacket,
  rekeyVector,
  sealVector,
  sessionVector,
  toHex,
} from '../src/index.ts';

// RFC 7748 §6.1 Alice and Bob.
const alice = {
  secret: '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
  public: '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
};
const bob = {
  secret: '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
  public: 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
};
const rfcShared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';

describe('interop vectors', () => {
  test('session: both sides print the RFC 7748 shared secret and the same key and id, derived as specified', () => {
    const fromAlice = sessionVector({ secretHex: alice.secret, peerHex: bob.public });
    const fromBob = sessionVector({ secretHex: bob.secret, peerHex: alice.public });
    const key = hkdf(sha256, fromHex('shared', rfcShared), undefined, new TextEncoder().encode('svc-session-key'), 32);
    expect(fromAlice).toEqual(fromBob);
    expect(fromAlice).toEqual({
      shared: rfcShared,
      session_key: toHex(key),
      session_id: toHex(sha256(key).slice(0, 4)),
    });
  });

  test('rekey: HKDF over the new shared secret salted with the old key, info svc-rekey', () => {
    const oldKey = `${'00'.repeat(31)}01`;
    const expected = hkdf(
      sha256,
      fromHex('s', rfcShared),
      fromHex('o', oldKey),
      new TextEncoder().encode('svc-rekey'),
      32,
    );
    expect(rekeyVector({ oldKeyHex: oldKey, secretHex: alice.secret, peerHex: bob.public })).toEqual({
      new_key: toHex(expected),
    });
  });

  test('header: the interop example gives the hand-computed bytes 8f90 ffff 0001e240 07 03 00 00', () => {
    const json =
      '{"version":1,"repair":false,"codec":3,"quality":true,"fec_ratio":100,"seq":65535,"timestamp":123456,"block":7,"symbol":3,"csrc":0}';
    expect(headerVector(json)).toEqual({ hex: '8f90ffff0001e24007030000' });
  });

  test.each([
    [
      'an unknown field',
      '{"version":1,"repair":false,"codec":3,"quality":true,"fec_ratio":100,"seq":1,"timestamp":1,"block":7,"symbol":3,"csrc":0,"x":1}',
    ],
    [
      'a missing field',
      '{"version":1,"repair":false,"codec":3,"quality":true,"seq":1,"timestamp":1,"block":7,"symbol":3,"csrc":0}',
    ],
    [
      'a string number',
      '{"version":1,"repair":false,"codec":"3","quality":true,"fec_ratio":100,"seq":1,"timestamp":1,"block":7,"symbol":3,"csrc":0}',
    ],
    [
      'version 2',
      '{"version":2,"repair":false,"codec":3,"quality":true,"fec_ratio":100,"seq":1,"timestamp":1,"block":7,"symbol":3,"csrc":0}',
    ],
    ['not JSON', '{"version":'],
  ])('header: %s is refused', (_name, json) => {
    expect(() => headerVector(json)).toThrow(InvalidVectorInputError);
  });

  test('seal: the nonce is session id ‖ seq ‖ direction ‖ 000000 and the packet opens under it', () => {
    const keyHex = '42'.repeat(32);
    const headerHex = '8f90ffff0001e24007030000';
    const result = sealVector({ keyHex, seq: 65535, direction: 1, headerHex, payloadHex: 'cafe' });
    const sessionId = toHex(sha256(fromHex('k', keyHex)).slice(0, 4));
    expect(result.nonce).toBe(`${sessionId}0000ffff01000000`);
    expect(result.packet.startsWith(headerHex)).toBe(true);
    expect(result.packet.length).toBe((12 + 2 + 16) * 2);
    const opened = openPacket(fromHex('k', keyHex), fromHex('n', result.nonce), fromHex('p', result.packet));
    expect(opened).toEqual({ kind: 'opened', plaintext: Uint8Array.of(0xca, 0xfe) });
  });

  test.each([
    ['a short key', { keyHex: '42', seq: 0, direction: 0, headerHex: '8f90ffff0001e24007030000', payloadHex: '' }],
    [
      'direction 2',
      { keyHex: '42'.repeat(32), seq: 0, direction: 2, headerHex: '8f90ffff0001e24007030000', payloadHex: '' },
    ],
    [
      'seq 2^32',
      { keyHex: '42'.repeat(32), seq: 2 ** 32, direction: 0, headerHex: '8f90ffff0001e24007030000', payloadHex: '' },
    ],
    [
      'odd hex',
      { keyHex: '42'.repeat(32), seq: 0, direction: 0, headerHex: '8f90ffff0001e24007030000', payloadHex: 'abc' },
    ],
  ])('seal: %s is refused', (_name, input) => {
    expect(() => sealVector(input)).toThrow(InvalidVectorInputError);
  });
});
