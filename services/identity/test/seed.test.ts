// Seed hex parsing: exactly 64 hex characters, anything else is a typed error.

import { describe, expect, test } from 'bun:test';
import { generateSeed, InvalidSeedError, parseSeedHex, SEED_BYTES, seedToHex } from '../src/index.ts';

describe('seed hex', () => {
  test('round-trips through lowercase hex, accepting upper case on input', () => {
    const hex = '00ff'.repeat(16);
    expect(seedToHex(parseSeedHex(hex.toUpperCase()))).toBe(hex);
  });

  test('a generated seed is 32 random bytes', () => {
    const [first, second] = [generateSeed(), generateSeed()];
    expect({ length: first.length, differ: seedToHex(first) !== seedToHex(second) }).toEqual({
      length: SEED_BYTES,
      differ: true,
    });
  });

  test.each([
    ['non-hex characters', 'zz'.repeat(32)],
    ['a short seed', 'ab'.repeat(31)],
    ['a long seed', 'ab'.repeat(33)],
    ['an odd length', `${'ab'.repeat(31)}a`],
    ['a 0x prefix', `0x${'ab'.repeat(31)}`],
    ['surrounding spaces', ` ${'ab'.repeat(32)} `],
    ['nothing', ''],
  ])('%s is an InvalidSeedError', (_label, text) => {
    expect(() => parseSeedHex(text)).toThrow(InvalidSeedError);
  });
});
