// Tests for the nonce: its byte layout, and proof that the caller's and callee's packets never share a nonce.

import { describe, expect, test } from 'bun:test';
import { buildNonce, Direction, toHex } from '../../src/index.ts';

const sessionId = Uint8Array.of(0xde, 0xad, 0xbe, 0xef);

describe('nonce', () => {
  test('is session id, u32 big-endian index, direction byte and three zero bytes', () => {
    expect(toHex(buildNonce(sessionId, 0x01020304, Direction.FromCallee))).toBe(
      'deadbeef' + '01020304' + '01' + '000000',
    );
    expect(toHex(buildNonce(sessionId, 0xffffffff, Direction.FromCaller))).toBe(
      'deadbeef' + 'ffffffff' + '00' + '000000',
    );
  });

  test('the two directions never share a nonce over a whole 2^16-packet epoch and across the u32 range', () => {
    const seen = new Set<string>();
    const indexes = [
      ...Array.from({ length: 0x1_0000 }, (_, i) => i),
      ...Array.from({ length: 1024 }, (_, i) => 0xffffffff - i),
    ];
    for (const index of indexes) {
      for (const direction of [Direction.FromCaller, Direction.FromCallee])
        seen.add(toHex(buildNonce(sessionId, index, direction)));
    }
    expect(seen.size).toBe(indexes.length * 2);
  });

  test('structurally: byte 8 is the direction and is the only byte the direction changes', () => {
    for (const index of [0, 1, 0xffff, 0x10000, 0xffffffff]) {
      const caller = buildNonce(sessionId, index, Direction.FromCaller);
      const callee = buildNonce(sessionId, index, Direction.FromCallee);
      const differing = Array.from(caller.keys()).filter((i) => caller[i] !== callee[i]);
      expect({ differing, caller: caller[8], callee: callee[8] }).toEqual({ differing: [8], caller: 0, callee: 1 });
    }
  });

  test('an index outside u32 is refused', () => {
    expect(() => buildNonce(sessionId, 2 ** 32, Direction.FromCaller)).toThrow(RangeError);
  });
});
