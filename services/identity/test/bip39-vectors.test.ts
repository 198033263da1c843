// BIP39 English 24-word vectors (trezor/python-mnemonic vectors.json): seed ↔ mnemonic, and the "TREZOR" seed.

import { describe, expect, test } from 'bun:test';
import { mnemonicToSeedSync } from 'bip39';
import { mnemonicToSeed, seedToHex, seedToMnemonic } from '../src/index.ts';
import { fromHex, toHex } from './support/hex.ts';
import vectors from './vectors/bip39.json';

describe('BIP39 English 24-word vectors', () => {
  test.each(vectors)('$source: the 32-byte entropy encodes as the published mnemonic', (row) => {
    expect(seedToMnemonic(fromHex(row.entropy))).toBe(row.mnemonic);
  });

  test.each(vectors)('$source: the published mnemonic decodes to the entropy', (row) => {
    expect(seedToHex(mnemonicToSeed(row.mnemonic))).toBe(row.entropy);
  });

  test.each(vectors)('$source: the mnemonic with its passphrase stretches to the published BIP39 seed', (row) => {
    expect(toHex(mnemonicToSeedSync(row.mnemonic, row.passphrase))).toBe(row.seed);
  });
});
