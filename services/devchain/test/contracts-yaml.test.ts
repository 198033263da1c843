import { describe, expect, test } from 'bun:test';
import { renderContractsYaml } from '../src/contracts-yaml.ts';

describe('renderContractsYaml', () => {
  test('writes the ownership cache’s format, every value a string', () => {
    const yaml = renderContractsYaml([
      {
        name: 'test-positions',
        network: 'base',
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        maxTokenId: 300,
      },
    ]);
    expect(yaml).toContain(
      'contracts:\n  test-positions:\n    network: base\n    address: "0x5FbDB2315678afecb367f032d93F642f64180aa3"\n    max_token_id: "300"\n',
    );
    expect(Bun.YAML.parse(yaml)).toEqual({
      contracts: {
        'test-positions': {
          network: 'base',
          address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          max_token_id: '300',
        },
      },
    });
  });

  test('a name that is not a plain key is refused rather than written as broken YAML', () => {
    expect(() =>
      renderContractsYaml([
        { name: 'a: b', network: 'base', address: '0x0000000000000000000000000000000000000001', maxTokenId: 1 },
      ]),
    ).toThrow(/not a plain key/);
  });
});
