// --help lists every flag with its meaning and default; --version prints the build's git hash.

import { describe, expect, test } from 'bun:test';
import { buildVersion, DEFAULT_RELAY_CONFIG, RELAY_FLAGS, relayHelp, versionLine } from '../src/index.ts';

describe('relayHelp', () => {
  const help = relayHelp();

  test.each(RELAY_FLAGS.map((spec) => [spec.name, spec]))('lists %s with its value and default', (_, spec) => {
    const line = help.split('\n').find((candidate) => candidate.startsWith(`  ${spec.name} `));
    expect(line).toBeDefined();
    if (spec.value !== null) expect(line).toContain(`${spec.name} ${spec.value}`);
    expect(line).toContain(`(default: ${spec.fallback})`);
  });

  test('lists the seed flags, --version/-V and --help/-h', () => {
    for (const name of [
      '--config',
      '--listen',
      '--remote',
      '--auth-url',
      '--metrics-port',
      '--probe',
      '--probe-mesh',
      '--mesh-status',
      '--trunking',
      '--global-room',
      '--debug-tap',
      '--event-log',
      '--ws-port',
      '--static-dir',
      '--version, -V',
      '--help, -h',
    ]) {
      expect(help).toContain(`  ${name} `);
    }
  });

  test('shows the defaults of the config file', () => {
    expect(help).toContain('(default: 0.0.0.0:4433)');
    expect(help).toContain(`concurrent sessions (default: ${DEFAULT_RELAY_CONFIG.maxSessions})`);
    expect(help).toContain('(default: info)');
    expect(help).toContain('(default: 50)');
    expect(help).toContain('(default: 250)');
  });
});

describe('version', () => {
  test('the line is voice-relay and the hash', () => {
    expect(versionLine('0123456789ab')).toBe('voice-relay 0123456789ab');
  });

  test('from source, the hash is this checkout HEAD (12 hex characters)', () => {
    const head = Bun.spawnSync({ cmd: ['git', 'rev-parse', 'HEAD'], cwd: import.meta.dir })
      .stdout.toString()
      .trim();
    expect(buildVersion()).toMatch(/^[0-9a-f]{12}$/);
    expect(head.startsWith(buildVersion())).toBe(true);
  });
});
