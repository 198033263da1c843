import { describe, expect, test } from 'bun:test';
import { checkAddress, shortAddress } from '../src/lib/address.ts';

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('checkAddress', () => {
  test.each([
    ['all lower case', CHECKSUMMED.toLowerCase()],
    ['all upper case', `0x${CHECKSUMMED.slice(2).toUpperCase()}`],
    ['correctly checksummed', CHECKSUMMED],
    ['padded with spaces', `  ${CHECKSUMMED}\n`],
  ])('accepts an address %s and answers it checksummed', (_, text) => {
    expect(checkAddress(text)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  test.each([
    ['', 'Enter a wallet address.'],
    ['0x1234', 'An address is 0x followed by 40 hexadecimal characters (0–9, a–f).'],
    [`${CHECKSUMMED}00`, 'An address is 0x followed by 40 hexadecimal characters (0–9, a–f).'],
    ['70997970C51812dc3A010C7d01b50e0d17dc79C8', 'An address is 0x followed by 40 hexadecimal characters (0–9, a–f).'],
    [
      '0x70997970c51812dc3A010C7d01b50e0d17dc79C8',
      'The capital letters do not match the address checksum; check it for a typo.',
    ],
  ])('rejects %p', (text, problem) => {
    expect(checkAddress(text)).toEqual({ ok: false, problem });
  });
});

test('shortAddress keeps the first four and last four hex digits', () => {
  expect(shortAddress(CHECKSUMMED)).toBe('0x7099…79C8');
});
