// The seed's backup form: a 24-word BIP39 English mnemonic whose entropy is exactly the 32-byte seed.

import { entropyToMnemonic, mnemonicToEntropy, wordlists } from 'bip39';
import { MnemonicChecksumError, MnemonicWordCountError, UnknownMnemonicWordError } from './errors.ts';
import { assertSeed, parseSeedHex, seedToHex } from './seed.ts';

/** 256 bits of entropy plus an 8-bit checksum is 264 bits, 24 words of 11 bits (BIP39). */
export const MNEMONIC_WORDS = 24;

// bip39 takes a mutable array; this one never leaves the module.
const ENGLISH: string[] = wordlists.english ?? [];
const ENGLISH_WORDS: ReadonlySet<string> = new Set(ENGLISH);

/** The 24 words that back up `seed`, separated by single spaces. */
export function seedToMnemonic(seed: Uint8Array): string {
  assertSeed(seed);
  return entropyToMnemonic(seedToHex(seed), ENGLISH);
}

/**
 * The seed a 24-word mnemonic encodes. Accepts any whitespace between words and any letter case; names the first
 * unknown word, or reports a checksum mismatch, as typed errors.
 */
export function mnemonicToSeed(mnemonic: string): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length !== MNEMONIC_WORDS) throw new MnemonicWordCountError(words.length, MNEMONIC_WORDS);
  words.forEach((word, index) => {
    if (!ENGLISH_WORDS.has(word)) throw new UnknownMnemonicWordError(word, index + 1);
  });
  let entropy: string;
  try {
    entropy = mnemonicToEntropy(words.join(' '), ENGLISH);
  } catch (error) {
    // Every word is known and the count is right, so the only failure left in bip39 is the checksum.
    throw new MnemonicChecksumError({ cause: error });
  }
  return parseSeedHex(entropy);
}
