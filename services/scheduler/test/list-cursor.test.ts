import { expect, test } from 'bun:test';
import { decodeCursor, encodeCursor } from '../src/list-cursor.ts';

test('a cursor round-trips', () => {
  const cursor = { executeAt: 4_070_908_800_000, id: '01a20185-e8a8-71ed-88f8-0dffdf460b17' };
  expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
});

test.each([
  '',
  'abc',
  Buffer.from('12.not-an-id').toString('base64url'),
  Buffer.from("1.'; DROP TABLE").toString('base64'),
])('garbage %p decodes to null', (text) => {
  expect(decodeCursor(text)).toBeNull();
});
