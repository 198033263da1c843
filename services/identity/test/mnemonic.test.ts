// The 24-word backup: round trip, tolerant input, and a typed error naming what is wrong.

import { describe, expect, test } from 'bun:test';
import {
  InvalidMnemonicError,
  MnemonicChecksumError,
  MnemonicWordCountError,
  mnemonicToSeed,
  parseSeedHex,
  seedToHex,
  seedToMnemonic,
  UnknownMnemonicWordError,
} from '../src/index.ts';
import vectors from './vectors/derivation.json';

const row = vectors[0];
if (row === undefined) throw new Error('derivation.json has no rows');
const words = row.mnemonic.split(' ');

function caught(mnemonic: string): unknown {
  try {
    mnemonicToSeed(mnemonic);
  } catch (error) {
    return error;
  }
  throw new Error('expected mnemonicToSeed to throw');
}

describe('mnemonic', () => {
  test('a seed becomes 24 words and the words give back the same seed', () => {
    const seed = parseSeedHex(row.seed);
    const mnemonic = seedToMnemonic(seed);
    expect({ words: mnemonic.split(' ').length, seed: seedToHex(mnemonicToSeed(mnemonic)) }).toEqual({
      words: 24,
      seed: row.seed,
    });
  });

  test('extra whitespace, line breaks and capitals are accepted', () => {
    const messy = `  ${words.slice(0, 12).join('  ').toUpperCase()}\n${words.slice(12).join('\t')}  `;
    expect(seedToHex(mnemonicToSeed(messy))).toBe(row.seed);
  });

  test('an unknown word is named with its position', () => {
    const wrong = [...words.slice(0, 4), 'qwerty', ...words.slice(5)].join(' ');
    const error = caught(wrong);
    expect(error).toBeInstanceOf(UnknownMnemonicWordError);
    expect({
      word: (error as UnknownMnemonicWordError).word,
      position: (error as UnknownMnemonicWordError).position,
    }).toEqual({ word: 'qwerty', position: 5 });
  });

  test('two swapped words fail the checksum', () => {
    const swapped = [words[1], words[0], ...words.slice(2)].join(' ');
    expect(caught(swapped)).toBeInstanceOf(MnemonicChecksumError);
  });

  test.each([
    [
      'a valid 12-word mnemonic',
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      12,
    ],
    ['23 words', words.slice(0, 23).join(' '), 23],
    ['25 words', [...words, 'abandon'].join(' '), 25],
    ['an empty string', '   ', 0],
  ])('%s is a word-count error', (_label, mnemonic, count) => {
    const error = caught(mnemonic);
    expect(error).toBeInstanceOf(MnemonicWordCountError);
    expect((error as MnemonicWordCountError).count).toBe(count);
  });

  test('every mnemonic error shares one base class and has its own stable code', () => {
    const unknownWord = [...words.slice(0, 23), 'qwerty'].join(' ');
    const swapped = [words[1], words[0], ...words.slice(2)].join(' ');
    const codes = [unknownWord, swapped, words.slice(0, 12).join(' ')].map((text) => {
      const error = caught(text);
      return error instanceof InvalidMnemonicError ? error.code : 'not a mnemonic error';
    });
    expect(codes).toEqual(['mnemonic_unknown_word', 'mnemonic_checksum', 'mnemonic_word_count']);
  });
});
