// The notifier's small parsers: delay, since, RFC 2047 words, visitor addresses.

import { describe, expect, test } from 'bun:test';
import { parseDelay } from '../src/delay.ts';
import { NtfyError } from '../src/errors.ts';
import { decodeEncodedWords } from '../src/params.ts';
import { parseSince } from '../src/since.ts';
import { clientAddress, visitorKey } from '../src/visitors.ts';

const NOW = 1_800_000_000;
const DAY = 86_400;

describe('parseDelay', () => {
  test.each([
    ['30m', NOW + 1800],
    ['3h', NOW + 10_800],
    ['2 days', NOW + 2 * DAY],
    ['1 day, 2 hours', NOW + DAY + 7200],
    ['1h30m', NOW + 5400],
    ['90 seconds', NOW + 90],
    ['10s', NOW + 10],
    [String(NOW + 600), NOW + 600],
    [new Date((NOW + 3600) * 1000).toISOString(), NOW + 3600],
  ])('%s is %i', (text, at) => {
    expect(parseDelay(text, NOW, 3 * DAY)).toBe(at);
  });

  test.each([
    ['tomorrow, 10am', 40004],
    ['5 fortnights', 40004],
    ['', 40004],
    ['9s', 40005],
    [String(NOW - 100), 40005],
    ['4 days', 40006],
    ['3d1s', 40006],
  ])('%p is refused with %i', (text, code) => {
    let thrown = 0;
    try {
      parseDelay(text, NOW, 3 * DAY);
    } catch (error) {
      thrown = (error as NtfyError).ntfyCode;
    }
    expect(thrown).toBe(code);
  });
});

describe('parseSince', () => {
  const none = { kind: 'none' } as const;
  test.each([
    ['', none],
    ['all', { kind: 'all' }],
    ['latest', { kind: 'latest' }],
    ['none', none],
    ['1700000000', { kind: 'time', time: 1_700_000_000 }],
    ['abcDEF123456', { kind: 'id', id: 'abcDEF123456' }],
    ['10m', { kind: 'time', time: NOW - 600 }],
    ['1h30m', { kind: 'time', time: NOW - 5400 }],
    ['100ms', { kind: 'time', time: NOW - 1 }],
  ])('%p', (text, since) => {
    expect(parseSince(text, NOW, none)).toEqual(since as ReturnType<typeof parseSince>);
  });

  test.each(['1d', 'yesterday', 'abc', '-5', '10 m'])('%p is refused with 40008', (text) => {
    let code = 0;
    try {
      parseSince(text, NOW, none);
    } catch (error) {
      code = (error as NtfyError).ntfyCode;
    }
    expect(code).toBe(40008);
  });
});

describe('decodeEncodedWords', () => {
  test.each([
    ['plain', 'plain'],
    ['=?UTF-8?B?w6TDtsO8?=', 'äöü'],
    ['=?utf-8?q?Gr=C3=BC=C3=9Fe_aus_Bern?=', 'Grüße aus Bern'],
    ['=?UTF-8?B?w6Q=?= =?UTF-8?B?w7Y=?=', 'äö'],
    ['=?no-such-charset?B?w6Q=?=', '=?no-such-charset?B?w6Q=?='],
  ])('%p is %p', (text, decoded) => {
    expect(decodeEncodedWords(text)).toBe(decoded);
  });
});

describe('visitors', () => {
  test.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is visitor %s', (address, key) => {
    expect(visitorKey(address)).toBe(key);
  });

  test('X-Forwarded-For is believed only from a trusted peer, and only its last hop', () => {
    const trusted = new Set(['10.0.0.2']);
    expect(clientAddress('10.0.0.2', '198.51.100.1, 192.0.2.7', trusted)).toBe('192.0.2.7');
    expect(clientAddress('203.0.113.5', '192.0.2.7', trusted)).toBe('203.0.113.5');
    expect(clientAddress('10.0.0.2', null, trusted)).toBe('10.0.0.2');
  });

  test('NtfyError renders ntfy’s body', () => {
    expect(new NtfyError(40007, 400, 'invalid priority parameter', 'https://x').toJSON()).toEqual({
      code: 40007,
      http: 400,
      error: 'invalid priority parameter',
      link: 'https://x',
    });
  });
});
