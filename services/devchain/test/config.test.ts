import { describe, expect, test } from 'bun:test';
import { ConfigError } from '@keel/kit';
import { loadDevchainConfig } from '../src/config.ts';

describe('loadDevchainConfig', () => {
  test('defaults to port 8545 and ./data/devchain', () => {
    expect(loadDevchainConfig({ env: {}, argv: [] })).toEqual({
      port: 8545,
      dataDir: './data/devchain',
      logLevel: 'info',
    });
  });

  test.each([
    ['DEVCHAIN_PORT alone', { DEVCHAIN_PORT: '9545' }, [], 9545],
    ['--port beats DEVCHAIN_PORT', { DEVCHAIN_PORT: '9545' }, ['--port', '0'], 0],
    ['--port=<n>', {}, ['--port=7545'], 7545],
  ])('%s', (_name, env, argv, port) => {
    expect(loadDevchainConfig({ env, argv }).port).toBe(port);
  });

  test('every bad setting is reported at once', () => {
    const load = () => loadDevchainConfig({ env: { DEVCHAIN_PORT: 'eighty', LOG_LEVEL: 'loud' }, argv: [] });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DEVCHAIN_PORT[\s\S]*LOG_LEVEL/);
  });
});
