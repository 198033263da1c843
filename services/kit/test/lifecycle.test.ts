import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { spawnService, tempDir, waitFor } from '../src/testing/index.ts';

const KIT_SRC = new URL('../src/', import.meta.url).pathname;

/** A start-up that ends the way `mode` says, run under `runMain` in its own process. */
const RUN_MAIN_SCRIPT = `
import { runMain } from '${KIT_SRC}lifecycle.ts';
import { ConfigError, HelpRequested } from '${KIT_SRC}config.ts';

const mode = process.argv[2];
await runMain(async () => {
  if (mode === 'help') throw new HelpRequested('Settings: PORT');
  if (mode === 'config') throw new ConfigError(['PORT: 99999 is outside 0..65535', 'DATA_DIR: required but not set']);
  if (mode === 'crash') throw new Error('database is locked');
  console.log('started');
});
`;

/** A service that listens on the port it is given and logs when its onStop hook runs. */
const SERVE_SCRIPT = `
import { serve } from '${KIT_SRC}lifecycle.ts';
import { createLogger } from '${KIT_SRC}logger.ts';
import { createRegistry } from '${KIT_SRC}metrics.ts';
import { createServiceApp } from '${KIT_SRC}service-app.ts';

const logger = createLogger({ level: 'info' });
const registry = createRegistry({ service: 'probe', processMetrics: false });
const app = createServiceApp({ service: 'probe', logger, registry, cors: null });
serve({ app, port: Number(process.argv[3]), hostname: '127.0.0.1', logger, onStop: () => logger.info('drained') });
`;

async function runMainIn(dir: string, mode: string) {
  const script = join(dir, 'run-main.ts');
  await Bun.write(script, RUN_MAIN_SCRIPT);
  const child = Bun.spawn({ cmd: [process.execPath, script, mode], stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr };
}

describe('runMain', () => {
  test('a start-up that succeeds keeps the process running to its natural end', async () => {
    await using dir = await tempDir();
    expect(await runMainIn(dir.path, 'ok')).toEqual({ exitCode: 0, stdout: 'started\n', stderr: '' });
  });

  test('--help prints the usage on stdout and exits 0', async () => {
    await using dir = await tempDir();
    expect(await runMainIn(dir.path, 'help')).toEqual({ exitCode: 0, stdout: 'Settings: PORT\n', stderr: '' });
  });

  test('a configuration error prints every problem on stderr and exits 2', async () => {
    await using dir = await tempDir();
    expect(await runMainIn(dir.path, 'config')).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'invalid configuration:\n  - PORT: 99999 is outside 0..65535\n  - DATA_DIR: required but not set\n',
    });
  });

  test('any other start-up failure prints the stack on stderr and exits 1', async () => {
    await using dir = await tempDir();
    const result = await runMainIn(dir.path, 'crash');
    expect({ exitCode: result.exitCode, stdout: result.stdout }).toEqual({ exitCode: 1, stdout: '' });
    expect(result.stderr).toStartWith('failed to start: Error: database is locked\n    at ');
  });
});

describe('serve', () => {
  test('listens on a free port and on SIGTERM stops, runs onStop and exits 0', async () => {
    await using dir = await tempDir();
    const entry = join(dir.path, 'serve.ts');
    await Bun.write(entry, SERVE_SCRIPT);
    await using service = await spawnService({ entry, env: {} });

    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);

    service.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    await waitFor(() => service.logs.some((line) => line.msg === 'stopped'), { what: 'the stopped line' });
    expect(service.logs.map((line) => line.msg).filter((msg) => msg !== 'request')).toEqual([
      'listening',
      'stopping',
      'drained',
      'stopped',
    ]);
  });
});
