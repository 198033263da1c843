import { describe, expect, test } from 'bun:test';
import { renderChainsConfig } from '../src/chains-config.ts';

describe('renderChainsConfig', () => {
  test('writes config/chains.json’s shape for the dev chain, with its RPC URL and checksummed addresses', () => {
    const json = renderChainsConfig({
      network: 'base',
      chainId: 31_337,
      rpcUrl: 'http://127.0.0.1:8545',
      refLending: '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9',
      refPositions: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
    });
    expect(json.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json)).toEqual({
      chains: {
        base: {
          chainId: 31_337,
          rpc: 'http://127.0.0.1:8545',
          protocol: 'reference',
          nft: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
          resolver: null,
          defaultPreset: 'ETH-USD',
          presets: [
            {
              key: 'ETH-USD',
              label: 'Reference ETH / USD (local chain)',
              nft: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
              debt: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
            },
          ],
          ownercacheKey: 'ref-positions',
        },
      },
      _source: 'services/devchain dev stack',
    });
  });
});
