import { expect, test } from 'bun:test';
import { parseIsoTimestamp } from '../src/iso-time.ts';

test.each([
  ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22T10:00Z', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22t10:00:00z', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22 10:00:00Z', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22T12:00:00+02:00', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22T05:30:00-0430', '2026-11-22T10:00:00.000Z'],
  ['2026-11-22T10:00:00.1Z', '2026-11-22T10:00:00.100Z'],
  ['2026-11-22T10:00:00,25Z', '2026-11-22T10:00:00.250Z'],
  ['2026-11-22T10:00:00.123456789Z', '2026-11-22T10:00:00.123Z'],
  ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
])('%s is %s', (text, utc) => {
  expect(new Date(parseIsoTimestamp(text)).toISOString()).toBe(utc);
});

test.each([
  ['2026-11-22T10:00:00', 'no time zone'],
  ['2026-11-22', 'no time zone'],
  ['tomorrow', 'not an ISO 8601 timestamp'],
  ['', 'not an ISO 8601 timestamp'],
  ['2026-11-22T10:00:00+2', 'not an ISO 8601 timestamp'],
  ['1795321883', 'not an ISO 8601 timestamp'],
  ['2026-13-01T00:00:00Z', 'month 13'],
  ['2025-02-29T00:00:00Z', 'no day 29'],
  ['2026-04-31T00:00:00Z', 'no day 31'],
  ['2026-11-22T24:00:00Z', 'impossible time'],
  ['2026-11-22T10:60:00Z', 'impossible time'],
  ['2026-11-22T10:00:60Z', 'impossible time'],
  ['2026-11-22T10:00:00+24:00', 'impossible zone'],
  ['1969-12-31T23:59:59Z', 'year 1969'],
  ['+12026-11-22T10:00:00Z', 'not an ISO 8601 timestamp'],
])('%s is refused (%s)', (text, reason) => {
  expect(() => parseIsoTimestamp(text)).toThrow(reason);
});
