// Tests for ByteCursor: big-endian widths, copies, and too-short failures that leave the cursor where it was.

import { describe, expect, test } from 'bun:test';
import { BufferTooShortError, ByteCursor } from '../../src/index.ts';

describe('ByteCursor', () => {
  test('writes then reads u8, u16, u32 and bytes big-endian', () => {
    const buffer = new Uint8Array(10);
    const writer = new ByteCursor(buffer);
    writer.writeU8(0xab);
    writer.writeU16(0x1234);
    writer.writeU32(0xfedcba98);
    writer.writeBytes(Uint8Array.of(1, 2, 3));
    expect(Array.from(buffer)).toEqual([0xab, 0x12, 0x34, 0xfe, 0xdc, 0xba, 0x98, 1, 2, 3]);
    const reader = new ByteCursor(buffer);
    expect([
      reader.readU8(),
      reader.readU16(),
      reader.readU32(),
      Array.from(reader.readBytes(3)),
      reader.remaining,
    ]).toEqual([0xab, 0x1234, 0xfedcba98, [1, 2, 3], 0]);
  });

  test.each([
    ['readU16', 1],
    ['readU32', 3],
  ] as const)('%s on %i bytes throws BufferTooShortError and does not move', (method, length) => {
    const cursor = new ByteCursor(new Uint8Array(length), 'thing');
    expect(() => cursor[method]()).toThrow(BufferTooShortError);
    expect(cursor.offset).toBe(0);
  });

  test('a write past the end throws and writes nothing', () => {
    const buffer = new Uint8Array(3);
    const cursor = new ByteCursor(buffer);
    expect(() => cursor.writeU32(0xffffffff)).toThrow(BufferTooShortError);
    expect(Array.from(buffer)).toEqual([0, 0, 0]);
  });
});
