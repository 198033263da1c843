import { describe, expect, test } from 'bun:test';
import { getAddress, toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, anvilAccount } from '../src/anvil-accounts.ts';

describe('ANVIL_ACCOUNTS', () => {
  test('are the first ten accounts of anvil’s mnemonic, keys included', () => {
    const derived = ANVIL_ACCOUNTS.map((_, addressIndex) => {
      const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
      const key = account.getHdKey().privateKey;
      return { address: account.address, privateKey: key === null ? null : toHex(key) };
    });
    expect(ANVIL_ACCOUNTS).toHaveLength(10);
    expect(derived).toEqual([...ANVIL_ACCOUNTS]);
  });

  test('anvilAccount finds an account by index or by address in any case', () => {
    const second = ANVIL_ACCOUNTS[1];
    if (second === undefined) throw new Error('ANVIL_ACCOUNTS has no second account');
    expect(anvilAccount(1)).toBe(second);
    expect(anvilAccount(getAddress(second.address.toLowerCase()))).toBe(second);
    expect(anvilAccount('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(second);
    expect(() => anvilAccount(10)).toThrow(/not one of anvil's 10 default accounts/);
  });
});
