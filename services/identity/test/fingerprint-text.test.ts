// Fingerprints in config are exactly what @keel/identity prints, and nothing looser.

import { describe, expect, test } from 'bun:test';
import { fingerprint } from '@keel/identity';
import { parseFingerprint } from '../src/index.ts';

describe('parseFingerprint', () => {
  test('accepts what fingerprint() of @keel/identity prints', () => {
    for (let i = 0; i < 20; i++) {
      const printed = fingerprint(crypto.getRandomValues(new Uint8Array(32)));
      expect(parseFingerprint(printed)).toBe(printed);
    }
  });

  test.each([
    ['uppercase hex', '0123:4567:89AB:CDEF:0123:4567:89ab:cdef'],
    ['seven groups', '0123:4567:89ab:cdef:0123:4567:89ab'],
    ['nine groups', '0123:4567:89ab:cdef:0123:4567:89ab:cdef:0123'],
    ['no colons', '0123456789abcdef0123456789abcdef'],
    ['a short group', '0123:4567:89ab:cdef:0123:4567:89ab:cde'],
    ['a non-hex character', '0123:4567:89ab:cdef:0123:4567:89ab:cdeg'],
    ['dashes', '0123-4567-89ab-cdef-0123-4567-89ab-cdef'],
    ['a trailing colon', '0123:4567:89ab:cdef:0123:4567:89ab:cdef:'],
    ['surrounding blanks', ' 0123:4567:89ab:cdef:0123:4567:89ab:cdef'],
  ])('%s is refused', (_, text) => {
    expect(() => parseFingerprint(text)).toThrow('is not a fingerprint: 8 groups of 4 lowercase hex characters');
  });
});
