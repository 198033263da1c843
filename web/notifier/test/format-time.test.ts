import { expect, test } from 'bun:test';
import { formatMessageTime } from '../src/lib/format-time.ts';

const seconds = (date: Date) => date.getTime() / 1000;
// Newer ICU puts a narrow no-break space before AM/PM; compare as plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');
const now = new Date(2026, 2, 3, 18, 0).getTime();

test.each([
  ['today: the clock time only', new Date(2026, 2, 3, 14, 5), '2:05 PM'],
  ['earlier this year: with the date', new Date(2026, 0, 15, 9, 30), 'Jan 15, 9:30 AM'],
  ['an earlier year: with the year', new Date(2025, 11, 31, 23, 59), 'Dec 31, 2025, 11:59 PM'],
])('a message from %s', (_when, time, expected) => {
  expect(plain(formatMessageTime(seconds(time), now, 'en-US'))).toBe(expected);
});
