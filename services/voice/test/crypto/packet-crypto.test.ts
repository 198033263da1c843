// Tests for sealing one packet: round trip, and BadTag for any change to header, ciphertext, tag, key or nonce.

import { describe, expect, test } from 'bun:test';
import {
  buildNonce,
  CodecId,
  Direction,
  encodeMediaHeader,
  MEDIA_VERSION,
  openPacket,
  sealPacket,
} from '../../src/index.ts';

const key = new Uint8Array(32).fill(0x42);
const nonce = buildNonce(Uint8Array.of(1, 2, 3, 4), 7, Direction.FromCaller);
const header = encodeMediaHeader({
  version: MEDIA_VERSION,
  repair: false,
  codec: CodecId.Opus24k,
  quality: false,
  fecRatio: 20,
  seq: 7,
  timestamp: 140,
  block: 1,
  symbol: 2,
  csrc: 0,
});
const payload = new TextEncoder().encode('sixty bytes of opus, more or less');
const packet = sealPacket(key, nonce, header, payload);

function flipped(at: number): Uint8Array {
  const copy = packet.slice();
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
}

describe('packet crypto', () => {
  test('a sealed packet is header ‖ ciphertext ‖ 16-byte tag and opens to the payload', () => {
    expect(packet.length).toBe(12 + payload.length + 16);
    expect(packet.subarray(0, 12)).toEqual(header);
    expect(openPacket(key, nonce, packet)).toEqual({ kind: 'opened', plaintext: payload });
  });

  test.each([
    ['header', 3],
    ['ciphertext', 12],
    ['tag', packet.length - 1],
  ])('a flipped bit in the %s gives BadTag', (_part, at) => {
    expect(openPacket(key, nonce, flipped(at))).toEqual({ kind: 'BadTag' });
  });

  test('the wrong key or the other direction gives BadTag', () => {
    expect(openPacket(new Uint8Array(32).fill(0x43), nonce, packet)).toEqual({ kind: 'BadTag' });
    expect(openPacket(key, buildNonce(Uint8Array.of(1, 2, 3, 4), 7, Direction.FromCallee), packet)).toEqual({
      kind: 'BadTag',
    });
  });

  test('a packet shorter than header and tag gives BadTag', () => {
    expect(openPacket(key, nonce, packet.slice(0, 27))).toEqual({ kind: 'BadTag' });
  });
});
