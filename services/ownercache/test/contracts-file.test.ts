import { expect, test } from 'bun:test';
import { parseContractsFile } from '../src/contracts-file.ts';

test('reads the seed’s format into checksummed entries with bigint ids', () => {
  const entries = parseContractsFile(
    `contracts:
  fluid-base:
    network: base
    address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d"
    max_token_id: "12000"
  fluid-arb:
    network: arbitrum
    address: "0x324c5Dc1fC42c7a4D43d92df1eBA58a54d13Bf2d"
    max_token_id: "99999999999999999999"
`,
    'contracts.yaml',
  );
  expect(entries).toEqual([
    { key: 'fluid-base', network: 'base', address: '0x324c5Dc1fC42c7a4D43d92df1eBA58a54d13Bf2d', maxTokenId: 12_000n },
    {
      key: 'fluid-arb',
      network: 'arbitrum',
      address: '0x324c5Dc1fC42c7a4D43d92df1eBA58a54d13Bf2d',
      maxTokenId: 99_999_999_999_999_999_999n,
    },
  ]);
});

test.each([
  ['not YAML', 'contracts: [', 'not valid YAML'],
  ['no contracts map', 'other: 1', 'top-level "contracts:" map'],
  ['an empty map', 'contracts: {}', 'is empty'],
  [
    'an unknown network',
    'contracts:\n  a: {network: solana, address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: "1"}',
    'contracts.a.network',
  ],
  ['a short address', 'contracts:\n  a: {network: base, address: "0x1234", max_token_id: "1"}', 'contracts.a.address'],
  [
    'a bad checksum',
    'contracts:\n  a: {network: base, address: "0x324C5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: "1"}',
    'checksum',
  ],
  [
    'a numeric max_token_id',
    'contracts:\n  a: {network: base, address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: 10}',
    'contracts.a.max_token_id',
  ],
  [
    'a negative max_token_id',
    'contracts:\n  a: {network: base, address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: "-1"}',
    'contracts.a.max_token_id',
  ],
  [
    'an unknown field',
    'contracts:\n  a: {network: base, address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: "1", abi: x}',
    'contracts.a.abi: unknown field',
  ],
  [
    'a key with a slash',
    'contracts:\n  a/b: {network: base, address: "0x324c5dc1fc42c7a4d43d92df1eba58a54d13bf2d", max_token_id: "1"}',
    'contracts.a/b',
  ],
  ['an entry that is not a map', 'contracts:\n  a: 5', 'contracts.a: expected a map'],
])('refuses %s, naming key and field', (_name, text, message) => {
  expect(() => parseContractsFile(text, 'contracts.yaml')).toThrow(message);
});

test('lists every problem of every entry at once', () => {
  let message = '';
  try {
    parseContractsFile(
      'contracts:\n  a: {network: x, address: "0x1", max_token_id: 1}\n  b: {network: base, address: "0x2", max_token_id: "2"}',
      'c.yaml',
    );
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message.split('\n')).toEqual([
    'c.yaml: contracts.a.network: must be one of mainnet, base, arbitrum',
    'c.yaml: contracts.a.address: must be a 0x-prefixed 20-byte hex address',
    'c.yaml: contracts.a.max_token_id: must be a string holding a non-negative integer, e.g. "10000"',
    'c.yaml: contracts.b.address: must be a 0x-prefixed 20-byte hex address',
  ]);
});
