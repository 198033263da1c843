// Compiles a Solidity contract with solc-js, caching the artifact in memory and on disk so test files don't recompile.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

export interface CompileRequest {
  /** Absolute path of the `.sol` file. */
  readonly sourcePath: string;
  readonly contractName: string;
}

/** The only library our contracts import; resolved from the installed package, never fetched. */
const LIBRARY_PREFIX = '@openzeppelin/contracts/';

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Pinned rather than solc's default so the bytecode runs on anvil's default hardfork and on Base/Arbitrum alike.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

const require = createRequire(import.meta.url);
const memory = new Map<string, Promise<CompiledContract>>();

/** Compiles once per process; across processes the artifact is read from `os.tmpdir()`. */
export function compileContract(request: CompileRequest): Promise<CompiledContract> {
  const source = readFileSync(request.sourcePath, 'utf8');
  const key = cacheKey(source, request.contractName);
  let compiled = memory.get(key);
  if (compiled === undefined) {
    compiled = loadOrCompile(key, source, request);
    // A failed compile is not cached: the next caller sees the error again instead of a stale rejection.
    compiled.catch(() => memory.delete(key));
    memory.set(key, compiled);
  }
  return compiled;
}

/** Where the artifact for this source is cached across processes. */
export function artifactPath(request: CompileRequest): string {
  return artifactFile(cacheKey(readFileSync(request.sourcePath, 'utf8'), request.contractName));
}

function artifactFile(key: string): string {
  return join(tmpdir(), `keel-devchain-${key}.json`);
}

function cacheKey(source: string, contractName: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        source,
        contractName,
        packageVersion('solc'),
        packageVersion('@openzeppelin/contracts'),
        SETTINGS,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
}

function packageVersion(name: string): string {
  const manifest: unknown = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
  if (typeof manifest !== 'object' || manifest === null || !('version' in manifest)) {
    throw new Error(`${name}/package.json has no version`);
  }
  return String(manifest.version);
}

async function loadOrCompile(key: string, source: string, request: CompileRequest): Promise<CompiledContract> {
  const path = artifactFile(key);
  const cached = await readArtifact(path);
  if (cached !== null) return cached;
  const compiled = await compile(source, request);
  // Write-then-rename: a test file starting in parallel reads either nothing or a whole artifact.
  const partial = `${path}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await writeFile(partial, JSON.stringify(compiled));
  await rename(partial, path);
  return compiled;
}

async function readArtifact(path: string): Promise<CompiledContract | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const artifact: unknown = JSON.parse(text);
  return isCompiledContract(artifact) ? artifact : null;
}

function isCompiledContract(value: unknown): value is CompiledContract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'abi' in value &&
    Array.isArray(value.abi) &&
    'bytecode' in value &&
    typeof value.bytecode === 'string' &&
    /^0x[0-9a-f]+$/.test(value.bytecode)
  );
}

// The slice of solc-js's API we use; its own typings declare everything `any`.
interface Solc {
  compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string;
}

interface SolcOutput {
  readonly errors?: readonly { severity: string; formattedMessage: string }[];
  readonly contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

async function compile(source: string, { sourcePath, contractName }: CompileRequest): Promise<CompiledContract> {
  // Loaded only on a cache miss: soljson is 9 MB of asm.js and takes longer to load than most test files run.
  const solc: Solc = (await import('solc')).default;
  const sourceName = basename(sourcePath);
  const input = { language: 'Solidity', sources: { [sourceName]: { content: source } }, settings: SETTINGS };
  const output: SolcOutput = JSON.parse(solc.compile(JSON.stringify(input), { import: readLibrary }));
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc: ${sourceName} failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const contract = output.contracts?.[sourceName]?.[contractName];
  if (contract === undefined) throw new Error(`solc: ${sourceName} has no contract ${contractName}`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

function readLibrary(path: string): { contents: string } | { error: string } {
  if (!path.startsWith(LIBRARY_PREFIX) || path.includes('..'))
    return { error: `import outside ${LIBRARY_PREFIX}: ${path}` };
  const root = dirname(require.resolve(`${LIBRARY_PREFIX}package.json`));
  try {
    return { contents: readFileSync(join(root, path.slice(LIBRARY_PREFIX.length)), 'utf8') };
  } catch (error) {
    return { error: `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
