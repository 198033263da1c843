// `bun run build:relay [--outfile <path>]`: compiles the voice relay (services/relay/src/main.ts) into one standalone
// executable, `dist/voice-relay` by default, with the checkout's git hash baked in for `voice-relay --version`.
// The quiche N-API addon is embedded because native/src/quiche.ts requires its package statically (the package's
// `main` is the `.node` file, which the bundler copies into the executable and loads from there at run time).
// Exit status: 0 on success or --help, 2 for a bad command line, 1 when the build fails.

import { mkdir, stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dir, '..');
const ENTRY = resolve(ROOT, 'services/relay/src/main.ts');
const DEFAULT_OUTFILE = resolve(ROOT, 'dist/voice-relay');
/** The same length build-version.ts uses when running from source. */
const HASH_CHARS = 12;

const USAGE = `usage: bun run build:relay [--outfile <path>]

Compiles services/relay/src/main.ts into a standalone executable with the git hash baked in.

  --outfile <path>  where to write the executable (default: dist/voice-relay)
  --help            print this help
`;

function fail(message: string, code: number): never {
  process.stderr.write(`build-relay: ${message}\n`);
  process.exit(code);
}

function git(args: readonly string[]): string | null {
  try {
    const result = Bun.spawnSync({ cmd: ['git', ...args], cwd: ROOT, stdout: 'pipe', stderr: 'ignore' });
    return result.success ? result.stdout.toString() : null;
  } catch {
    // No git executable.
    return null;
  }
}

/** HEAD's short hash, `-dirty` when the checkout has changes (untracked files included), `unknown` outside git. */
function gitHash(): string {
  const head = git(['rev-parse', `--short=${HASH_CHARS}`, 'HEAD'])?.trim();
  if (head === undefined || head === '') return 'unknown';
  const status = git(['status', '--porcelain']);
  return status === null || status.trim() !== '' ? `${head}-dirty` : head;
}

function readOutfile(argv: readonly string[]): string | null {
  let values: { outfile?: string | undefined; help?: boolean | undefined };
  try {
    values = parseArgs({
      args: [...argv],
      options: { outfile: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    process.stderr.write(USAGE);
    fail(error instanceof Error ? error.message : String(error), 2);
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    return null;
  }
  if (values.outfile === '') fail('--outfile needs a path', 2);
  return values.outfile === undefined ? DEFAULT_OUTFILE : resolve(values.outfile);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const outfile = readOutfile(process.argv.slice(2));
if (outfile === null) process.exit(0);

const hash = gitHash();
await mkdir(dirname(outfile), { recursive: true });
const started = performance.now();
let result: Bun.BuildOutput;
try {
  result = await Bun.build({
    entrypoints: [ENTRY],
    target: 'bun',
    define: { RELAY_GIT_HASH: JSON.stringify(hash) },
    compile: {
      outfile,
      // A daemon's behaviour must not change with the directory it is started from.
      autoloadDotenv: false,
      autoloadBunfig: false,
    },
    throw: false,
  });
} catch (error) {
  fail(`bun build --compile failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
if (!result.success) {
  for (const log of result.logs) {
    const at = log.position === null ? '' : ` (${log.position.file}:${log.position.line}:${log.position.column})`;
    process.stderr.write(`${log.level}: ${log.message}${at}\n`);
  }
  fail('bun build --compile failed (see the messages above)', 1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const size = (await stat(outfile)).size;
const fromHere = relative(process.cwd(), outfile);
const shown = fromHere === '' || fromHere.startsWith('..') ? outfile : fromHere;
process.stdout.write(`built ${shown} (${megabytes(size)}, ${size} bytes) in ${seconds} s, version ${hash}\n`);
