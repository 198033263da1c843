// Loading the config: defaults, the TOML file, flags over the file, and every way a file is refused.

import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { tempDir } from '@keel/kit/testing';
import {
  ConfigLoadError,
  DEFAULT_RELAY_CONFIG,
  loadRelayConfig,
  parseRelayArgs,
  type RelayConfig,
} from '../src/index.ts';

/** Writes `toml` (when given) as relay.toml and loads it with `argv` after `--config <file>`. */
async function load(toml: string | null, argv: readonly string[] = []): Promise<RelayConfig> {
  await using dir = await tempDir('keel-relay-');
  const path = join(dir.path, 'relay.toml');
  if (toml !== null) await Bun.write(path, toml);
  const command = parseRelayArgs(toml === null ? argv : ['--config', path, ...argv]);
  if (command.kind !== 'run') throw new Error(`expected a run, got ${command.kind}`);
  return await loadRelayConfig(command.flags);
}

const FP_A = '0123:4567:89ab:cdef:0123:4567:89ab:cdef';
const FP_B = 'ffff:eeee:dddd:cccc:bbbb:aaaa:9999:8888';

const FULL_FILE = `
listen_addr = "127.0.0.1:5000"
remote_relay = "[2001:db8::1]:4433"
max_sessions = 7
log_level = "debug"
jitter_target_depth = 30
jitter_max_depth = 40
auth_url = "http://127.0.0.1:7700/v1/auth/validate"
metrics_port = 9100
probe_targets = ["10.0.0.2:4433", "relay-c.example.org:4433"]
probe_mesh = true
trunking_enabled = true
ws_port = 8443
static_dir = "/srv/voice"
debug_tap = "lobby"

[[peers]]
url = "relay-b.example.org:4433"
fingerprint = "${FP_A}"
label = "relay B"

[[peers]]
url = "10.0.0.3:4433"
fingerprint = "${FP_B}"

[[trusted]]
fingerprint = "${FP_A}"
label = "relay B"

[[global_rooms]]
name = "lobby"
`;

describe('loadRelayConfig', () => {
  test('without a file or flags every field takes the seed default', async () => {
    const config = await load(null);
    expect(config).toEqual(DEFAULT_RELAY_CONFIG);
    expect(config).toEqual({
      listenAddr: { host: '0.0.0.0', port: 4433 },
      remoteRelay: null,
      maxSessions: 100,
      logLevel: 'info',
      jitterTargetDepth: 50,
      jitterMaxDepth: 250,
      authUrl: null,
      metricsPort: null,
      probeTargets: [],
      probeMesh: false,
      trunkingEnabled: false,
      wsPort: null,
      staticDir: null,
      peers: [],
      trusted: [],
      globalRooms: [],
      debugTap: null,
      eventLog: null,
      meshStatus: false,
    });
  });

  test('an empty file gives the defaults too', async () => {
    expect(await load('')).toEqual(DEFAULT_RELAY_CONFIG);
  });

  test('every field of the file is read', async () => {
    expect(await load(FULL_FILE)).toEqual({
      listenAddr: { host: '127.0.0.1', port: 5000 },
      remoteRelay: { host: '2001:db8::1', port: 4433 },
      maxSessions: 7,
      logLevel: 'debug',
      jitterTargetDepth: 30,
      jitterMaxDepth: 40,
      authUrl: 'http://127.0.0.1:7700/v1/auth/validate',
      metricsPort: 9100,
      probeTargets: [
        { host: '10.0.0.2', port: 4433 },
        { host: 'relay-c.example.org', port: 4433 },
      ],
      probeMesh: true,
      trunkingEnabled: true,
      wsPort: 8443,
      staticDir: '/srv/voice',
      peers: [
        { url: { host: 'relay-b.example.org', port: 4433 }, fingerprint: FP_A, label: 'relay B' },
        { url: { host: '10.0.0.3', port: 4433 }, fingerprint: FP_B, label: null },
      ],
      trusted: [{ fingerprint: FP_A, label: 'relay B' }],
      globalRooms: [{ name: 'lobby' }],
      debugTap: { kind: 'room', room: 'lobby' },
      eventLog: null,
      meshStatus: false,
    });
  });

  test('flags replace single values of the file and add to its lists', async () => {
    const config = await load(FULL_FILE, [
      '--listen',
      '0.0.0.0:0',
      '--remote',
      'relay-d.example.org:4433',
      '--auth-url',
      'https://chat.example.org/validate',
      '--metrics-port',
      '9200',
      '--ws-port',
      '0',
      '--static-dir',
      './web',
      '--debug-tap',
      '*',
      '--probe',
      '10.0.0.9:4433',
      '--probe',
      '10.0.0.2:4433',
      '--global-room',
      'ops',
      '--global-room',
      'lobby',
      '--event-log',
      'events.jsonl',
      '--mesh-status',
    ]);
    const file = await load(FULL_FILE);
    expect(config).toEqual({
      ...file,
      listenAddr: { host: '0.0.0.0', port: 0 },
      remoteRelay: { host: 'relay-d.example.org', port: 4433 },
      authUrl: 'https://chat.example.org/validate',
      metricsPort: 9200,
      wsPort: 0,
      staticDir: './web',
      debugTap: { kind: 'all-rooms' },
      probeTargets: [...file.probeTargets, { host: '10.0.0.9', port: 4433 }],
      globalRooms: [{ name: 'lobby' }, { name: 'ops' }],
      eventLog: 'events.jsonl',
      meshStatus: true,
    });
  });

  test('switches turn features on over a file that leaves them off', async () => {
    const config = await load('probe_mesh = false\ntrunking_enabled = false\n', ['--probe-mesh', '--trunking']);
    expect({ probeMesh: config.probeMesh, trunkingEnabled: config.trunkingEnabled }).toEqual({
      probeMesh: true,
      trunkingEnabled: true,
    });
  });

  test('a missing file is refused naming the path', async () => {
    await using dir = await tempDir('keel-relay-');
    const path = join(dir.path, 'absent.toml');
    const command = parseRelayArgs(['--config', path]);
    if (command.kind !== 'run') throw new Error('expected a run');
    const failure = loadRelayConfig(command.flags);
    await expect(failure).rejects.toBeInstanceOf(ConfigLoadError);
    await expect(failure).rejects.toThrow(`failed to load config '${path}': cannot read it`);
  });

  test.each([
    ['a syntax error', 'max_sessions = 5\n\nlog_level = = "info"\n', 'line 3: '],
    ['a key defined twice', 'max_sessions = 5\nmax_sessions = 6\n', "line 2: Cannot redefine key 'max_sessions'"],
    ['an unterminated array', 'max_sessions = 5\nprobe_targets = [\n  "10.0.0.2:4433",\n', 'line '],
    ['an unknown key', 'listen_address = "0.0.0.0:4433"\n', 'listen_address: unknown key (known: listen_addr,'],
    ['a string for an integer', 'max_sessions = "100"\n', 'max_sessions: expected an integer, got the string "100"'],
    ['a fraction for an integer', 'max_sessions = 1.5\n', 'max_sessions: expected an integer, got the number 1.5'],
    ['zero sessions', 'max_sessions = 0\n', 'max_sessions: 0 is outside 1..'],
    ['a string for a boolean', 'probe_mesh = "yes"\n', 'probe_mesh: expected a boolean, got the string "yes"'],
    ['a date for a string', 'static_dir = 1979-05-27\n', 'static_dir: expected a string, got a date-time'],
    [
      'a bad log level',
      'log_level = "verbose"\n',
      "log_level: 'verbose' is not one of trace, debug, info, warn, error",
    ],
    ['a bad listen address', 'listen_addr = "localhost"\n', "listen_addr: 'localhost' is not host:port"],
    ['a bad metrics port', 'metrics_port = 70000\n', 'metrics_port: 70000 is outside 0..65535'],
    ['a remote relay on port 0', 'remote_relay = "10.0.0.1:0"\n', 'remote_relay: port 0 of'],
    ['a bad auth URL', 'auth_url = "mailto:ops@example.org"\n', "auth_url: 'mailto:ops@example.org' is not http"],
    ['a bad probe target', 'probe_targets = ["10.0.0.2:4433", "nope"]\n', "probe_targets[1]: 'nope' is not host:port"],
    ['a string for a list', 'probe_targets = "10.0.0.2:4433"\n', 'probe_targets: expected an array, got the string'],
    ['a table for peers', '[peers]\nurl = "10.0.0.2:4433"\n', 'peers: expected an array of tables ([[peers]])'],
    ['a peer without url', `[[peers]]\nfingerprint = "${FP_A}"\n`, 'peers[0].url: required but missing'],
    ['a peer with a bad url', `[[peers]]\nurl = "x"\nfingerprint = "${FP_A}"\n`, "peers[0].url: 'x' is not host:port"],
    [
      'an uppercase fingerprint',
      `[[peers]]\nurl = "a:1"\nfingerprint = "${FP_A.toUpperCase()}"\n`,
      'peers[0].fingerprint: ',
    ],
    [
      'a short fingerprint',
      `[[peers]]\nurl = "a:1"\nfingerprint = "${FP_B}"\n[[peers]]\nurl = "b:1"\nfingerprint = "0123:4567"\n`,
      "peers[1].fingerprint: '0123:4567' is not a fingerprint: 8 groups of 4 lowercase hex characters",
    ],
    [
      'an unknown peer key',
      `[[peers]]\nurl = "a:1"\nfingerprint = "${FP_A}"\nname = "b"\n`,
      'peers[0].name: unknown key',
    ],
    [
      'a numeric peer label',
      `[[peers]]\nurl = "a:1"\nfingerprint = "${FP_A}"\nlabel = 2\n`,
      'peers[0].label: expected a',
    ],
    [
      'a trusted entry without fingerprint',
      '[[trusted]]\nlabel = "b"\n',
      'trusted[0].fingerprint: required but missing',
    ],
    ['an unknown trusted key', `[[trusted]]\nfingerprint = "${FP_A}"\nurl = "a:1"\n`, 'trusted[0].url: unknown key'],
    ['a global room without name', '[[global_rooms]]\n', 'global_rooms[0].name: required but missing'],
    ['an empty global room name', '[[global_rooms]]\nname = ""\n', "global_rooms[0].name: '' is not a room name"],
    ['an empty debug tap', 'debug_tap = ""\n', "debug_tap: '' is not a room name"],
    [
      'a jitter target above the maximum',
      'jitter_target_depth = 300\njitter_max_depth = 250\n',
      'jitter_target_depth: 300 is above jitter_max_depth (250)',
    ],
    ['a jitter target above the default maximum', 'jitter_target_depth = 251\n', 'jitter_target_depth: 251 is above'],
    ['a negative jitter target', 'jitter_target_depth = -1\n', 'jitter_target_depth'],
    ['a jitter maximum the voice core refuses', 'jitter_max_depth = 40000\n', 'jitter_max_depth: 40000 is refused'],
    ['an event log in the file (flag only)', 'event_log = "x.jsonl"\n', 'event_log: unknown key'],
  ])('%s is refused: failed to load config, naming the culprit', async (_, toml, culprit) => {
    const failure = load(toml);
    await expect(failure).rejects.toBeInstanceOf(ConfigLoadError);
    await expect(failure).rejects.toThrow(/^failed to load config '[^']*relay\.toml':/);
    await expect(failure).rejects.toThrow(culprit);
  });

  test('every problem of a file is listed at once', async () => {
    const failure = load('max_sessions = "x"\nbogus = 1\n[[global_rooms]]\n');
    await expect(failure).rejects.toMatchObject({
      problems: [
        'bogus: unknown key (known: listen_addr, remote_relay, max_sessions, log_level, jitter_target_depth, ' +
          'jitter_max_depth, auth_url, metrics_port, probe_targets, probe_mesh, trunking_enabled, ws_port, ' +
          'static_dir, peers, trusted, global_rooms, debug_tap)',
        'max_sessions: expected an integer, got the string "x"',
        'global_rooms[0].name: required but missing',
      ],
    });
  });
});
