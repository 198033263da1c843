// The compiled relay: `bun run build:relay --outfile` builds one executable, which is copied alone into an empty
// directory (no source tree, no node_modules) and must still report its baked git hash, refuse an unknown flag, and
// carry a real two-member call over QUIC (the quiche addon and libsodium load from inside the binary).

import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { copyFile } from 'node:fs/promises';
import { type TempDir, tempDir, waitFor } from '@keel/kit/testing';
import { CodecId } from '@keel/voice';
import { relayFixtures } from './relay-fixtures.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const BUILD_SCRIPT = `${ROOT}scripts/build-relay.ts`;
/** Compiling takes a few seconds here, but can take 10-20 s on a small, busy machine. */
const BUILD_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;

let buildDir: TempDir;
let runDir: TempDir;
/** The executable, alone in its directory. */
let binary: string;
/** The version the build script reported baking in. */
let builtVersion: string;

beforeAll(async () => {
  buildDir = await tempDir('relay-build-');
  runDir = await tempDir('relay-binary-');
  const outfile = `${buildDir.path}/voice-relay`;
  const build = Bun.spawn({
    cmd: [process.execPath, BUILD_SCRIPT, '--outfile', outfile],
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, out, err] = await Promise.all([
    build.exited,
    new Response(build.stdout).text(),
    new Response(build.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`build-relay exited ${code}:\n${out}${err}`);
  const version = /version (\S+)$/m.exec(out)?.[1];
  if (version === undefined) throw new Error(`build-relay printed no version:\n${out}`);
  builtVersion = version;
  binary = `${runDir.path}/voice-relay`;
  await copyFile(outfile, binary);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await runDir?.[Symbol.asyncDispose]();
  await buildDir?.[Symbol.asyncDispose]();
});

const { relay, member, cleanUp } = relayFixtures();
afterEach(cleanUp);

/** Runs the binary to completion from its own directory with a minimal environment. */
async function run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn({
    cmd: [binary, ...args],
    cwd: runDir.path,
    env: { PATH: process.env.PATH ?? '', HOME: runDir.path },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

describe('the compiled relay binary, run without the source tree', () => {
  test(
    '--version prints the git hash baked in at build time',
    async () => {
      const { code, stdout } = await run(['--version']);
      expect(code).toBe(0);
      expect(stdout.trim()).toMatch(/^voice-relay ([0-9a-f]{12}(-dirty)?|unknown)$/);
      expect(stdout.trim()).toBe(`voice-relay ${builtVersion}`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'an unknown flag exits non-zero and names the argument',
    async () => {
      const { code, stderr } = await run(['--no-such-flag']);
      expect(code).not.toBe(0);
      expect(stderr).toContain('unknown argument');
      expect(stderr).toContain('--no-such-flag');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'two members key end to end through it and media arrives',
    async () => {
      const { relay: r } = await relay('jitter_target_depth = 0\n', [binary]);
      expect(r.version).toBe(builtVersion);
      const alice = await member(r, 'binary');
      const bob = await member(r, 'binary');
      const [a] = await Promise.all([alice.keyed(), bob.keyed()]);
      const frames = 10;
      for (let n = 0; n < frames; n++) {
        bob.sendFrame(
          CodecId.Opus24k,
          Uint8Array.from({ length: 40 }, (_, i) => (n * 7 + i) & 0xff),
        );
      }
      await waitFor(() => a.receiver.counters().sourcePackets >= frames, {
        timeoutMs: 20_000,
        what: 'bob to alice through the binary',
      });
      expect(a.receiver.counters().rejected).toEqual({ malformed: 0, 'bad-tag': 0, replay: 0, fec: 0 });
    },
    TEST_TIMEOUT_MS,
  );
});
