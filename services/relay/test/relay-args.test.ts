// The command line: every flag in both spellings, help and version, and each way a command line can be wrong.

import { describe, expect, test } from 'bun:test';
import { ConfigError } from '@keel/kit';
import {
  MissingValueError,
  parseRelayArgs,
  type RelayFlags,
  UnexpectedValueError,
  UnknownArgumentError,
} from '../src/index.ts';

const NO_FLAGS: RelayFlags = {
  configPath: null,
  listenAddr: null,
  remoteRelay: null,
  authUrl: null,
  metricsPort: null,
  probeTargets: [],
  probeMesh: false,
  meshStatus: false,
  trunkingEnabled: false,
  globalRooms: [],
  debugTap: null,
  eventLog: null,
  wsPort: null,
  staticDir: null,
};

describe('parseRelayArgs', () => {
  test('no arguments is a run with nothing set', () => {
    expect(parseRelayArgs([])).toEqual({ kind: 'run', flags: NO_FLAGS });
  });

  test('every flag of the seed sets its field, in the spaced and the = spelling', () => {
    const command = parseRelayArgs([
      '--config',
      'relay.toml',
      '--listen=[::1]:0',
      '--remote',
      'relay-b.example.org:4433',
      '--auth-url=https://chat.example.org/v1/auth/validate',
      '--metrics-port',
      '9100',
      '--probe',
      '10.0.0.2:4433',
      '--probe=10.0.0.3:4433',
      '--probe-mesh',
      '--mesh-status',
      '--trunking',
      '--global-room',
      'lobby',
      '--global-room=ops',
      '--debug-tap',
      '*',
      '--event-log',
      '/tmp/events.jsonl',
      '--ws-port=8443',
      '--static-dir',
      './web',
    ]);
    expect(command).toEqual({
      kind: 'run',
      flags: {
        configPath: 'relay.toml',
        listenAddr: { host: '::1', port: 0 },
        remoteRelay: { host: 'relay-b.example.org', port: 4433 },
        authUrl: 'https://chat.example.org/v1/auth/validate',
        metricsPort: 9100,
        probeTargets: [
          { host: '10.0.0.2', port: 4433 },
          { host: '10.0.0.3', port: 4433 },
        ],
        probeMesh: true,
        meshStatus: true,
        trunkingEnabled: true,
        globalRooms: [{ name: 'lobby' }, { name: 'ops' }],
        debugTap: { kind: 'all-rooms' },
        eventLog: '/tmp/events.jsonl',
        wsPort: 8443,
        staticDir: './web',
      },
    });
  });

  test('a debug tap on one room names it', () => {
    expect(parseRelayArgs(['--debug-tap', 'lobby'])).toEqual({
      kind: 'run',
      flags: { ...NO_FLAGS, debugTap: { kind: 'room', room: 'lobby' } },
    });
  });

  test.each([
    [['--help'], 'help'],
    [['-h'], 'help'],
    [['--version'], 'version'],
    [['-V'], 'version'],
    [['--listen', '1.2.3.4:5', '-V'], 'version'],
    [['--bogus', '--help'], 'help'],
    [['--version', '--help'], 'help'],
  ])('%j asks for %s', (argv, kind) => {
    expect(parseRelayArgs(argv)).toEqual({ kind } as never);
  });

  test.each([
    ['an unknown flag', ['--listen-addr', '1.2.3.4:4433'], UnknownArgumentError, "unknown argument '--listen-addr'"],
    ['an unknown short flag', ['-x'], UnknownArgumentError, "unknown argument '-x'"],
    ['a positional word', ['relay.toml'], UnknownArgumentError, "unknown argument 'relay.toml'"],
    ['an unknown = flag', ['--port=1'], UnknownArgumentError, "unknown argument '--port=1'"],
    ['a value flag at the end', ['--listen'], MissingValueError, '--listen needs a value: --listen <addr>'],
    ['a value flag before another flag', ['--config', '--trunking'], MissingValueError, '--config needs a value'],
    ['a repeatable flag without value', ['--probe'], MissingValueError, '--probe needs a value: --probe <addr>'],
    [
      'a switch given a value',
      ['--trunking=yes'],
      UnexpectedValueError,
      "--trunking takes no value, got '--trunking=yes'",
    ],
  ])('%s is refused', (_, argv, type, message) => {
    expect(() => parseRelayArgs(argv)).toThrow(type);
    expect(() => parseRelayArgs(argv)).toThrow(message);
  });

  test.each([
    ['a port that is not a number', ['--metrics-port', 'abc'], "--metrics-port: 'abc' is not an integer"],
    ['a port above 65535', ['--ws-port=65536'], '--ws-port: 65536 is outside 0..65535'],
    ['a negative port', ['--metrics-port=-1'], '--metrics-port: -1 is outside 0..65535'],
    ['a remote port of 0', ['--remote', '10.0.0.1:0'], "--remote: port 0 of '10.0.0.1:0' is outside 1..65535"],
    ['an address without port', ['--listen', '0.0.0.0'], "--listen: '0.0.0.0' is not host:port"],
    ['an unbracketed IPv6 address', ['--probe', '::1:4433'], "--probe: '::1:4433' is not host:port"],
    ['a bad IPv4 address', ['--remote', '300.1.1.1:4433'], "--remote: '300.1.1.1' in '300.1.1.1:4433' is not"],
    ['a bad bracketed IPv6', ['--listen', '[::g]:4433'], "--listen: '::g' in '[::g]:4433' is not an IPv6 address"],
    ['a bad hostname', ['--probe', 'bad_host:4433'], "--probe: 'bad_host' in 'bad_host:4433' is not"],
    ['a URL that is not http', ['--auth-url', 'ftp://chat/validate'], "--auth-url: 'ftp://chat/validate' is not http"],
    ['a URL that is not a URL', ['--auth-url', 'chat:7700'], "--auth-url: 'chat:7700' is not http or https"],
    ['a relative URL', ['--auth-url', '/v1/auth/validate'], "--auth-url: '/v1/auth/validate' is not a URL"],
    ['an empty room', ['--global-room='], "--global-room: '' is not a room name"],
    ['an empty path', ['--event-log='], '--event-log: a path must not be empty'],
    ['a single flag given twice', ['--listen', '1.1.1.1:1', '--listen', '2.2.2.2:2'], '--listen: given more than once'],
  ])('%s is refused naming the flag', (_, argv, message) => {
    expect(() => parseRelayArgs(argv)).toThrow(ConfigError);
    expect(() => parseRelayArgs(argv)).toThrow(message);
  });

  test('every bad value is reported at once', () => {
    try {
      parseRelayArgs(['--metrics-port', 'x', '--listen', 'nope']);
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "--metrics-port: 'x' is not an integer",
        "--listen: 'nope' is not host:port (an IPv6 host goes in brackets: [::1]:4433)",
      ]);
    }
  });
});
