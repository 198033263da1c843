// Federation settings not active yet are listed when set, so the entry point warns about each one.

import { describe, expect, test } from 'bun:test';
import { DEFAULT_RELAY_CONFIG, inactiveFeatures, type RelayConfig } from '../src/index.ts';

const FP = '0123:4567:89ab:cdef:0123:4567:89ab:cdef';

describe('inactiveFeatures', () => {
  test('the defaults set none', () => {
    expect(inactiveFeatures(DEFAULT_RELAY_CONFIG)).toEqual([]);
  });

  test('settings of the active features are not listed', () => {
    const config: RelayConfig = {
      ...DEFAULT_RELAY_CONFIG,
      remoteRelay: { host: '10.0.0.1', port: 4433 },
      authUrl: 'http://127.0.0.1:7700/v1/auth/validate',
      metricsPort: 9100,
      maxSessions: 5,
      logLevel: 'trace',
    };
    expect(inactiveFeatures(config)).toEqual([]);
  });

  test('each federation setting that is set is listed once, by the name the operator used', () => {
    const config: RelayConfig = {
      ...DEFAULT_RELAY_CONFIG,
      probeTargets: [{ host: '10.0.0.2', port: 4433 }],
      probeMesh: true,
      meshStatus: true,
      trunkingEnabled: true,
      peers: [{ url: { host: '10.0.0.3', port: 4433 }, fingerprint: FP, label: null }],
      trusted: [{ fingerprint: FP, label: null }],
      globalRooms: [{ name: 'lobby' }],
      wsPort: 8443,
      staticDir: './web',
      debugTap: { kind: 'all-rooms' },
      eventLog: 'events.jsonl',
    };
    expect(inactiveFeatures(config)).toEqual([
      'probe_targets',
      'probe_mesh',
      '--mesh-status',
      'trunking_enabled',
      'peers',
      'trusted',
      'global_rooms',
      'ws_port',
      'static_dir',
      'debug_tap',
      '--event-log',
    ]);
  });

  test('a listening port of 0 still counts as set', () => {
    expect(inactiveFeatures({ ...DEFAULT_RELAY_CONFIG, wsPort: 0 })).toEqual(['ws_port']);
  });
});
