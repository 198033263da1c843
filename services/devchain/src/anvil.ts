// Runs a local anvil node from the binary in @foundry-rs/anvil's platform package: start, wait until ready, stop.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readLines } from '@keel/kit';
import type { Subprocess } from 'bun';

export interface AnvilOptions {
  /** 0 (the default) lets anvil pick a free port. */
  readonly port?: number;
  /** Passed as `--state`: loaded at start when the file exists, dumped on exit (SIGTERM). */
  readonly statePath?: string;
  /** Seconds between blocks; unset means automine (a block per transaction). */
  readonly blockTime?: number;
}

export interface Anvil extends AsyncDisposable {
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  /** Resolves with the exit code (null when killed by a signal) however the process ends. */
  readonly exited: Promise<number | null>;
  /** SIGTERM (so `--state` is dumped), then waits for the process to exit. Idempotent. */
  stop(): Promise<void>;
}

/** Loading a large `--state` file and a cold binary on a busy 2-core machine take a few seconds, not fifteen. */
const READY_TIMEOUT_MS = 15_000;
/** Dumping state on exit is quick; past this the process is hung and is killed. */
const STOP_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 20;
/** Enough of stderr to explain a failed start without keeping a chatty process's whole output. */
const STDERR_KEEP_CHARS = 8_192;

const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The anvil executable. With Bun's isolated linker the platform package is visible only from @foundry-rs/anvil. */
export function anvilBinaryPath(): string {
  const platform = `${process.platform}-${process.arch}`;
  const platformPackage = PLATFORM_PACKAGES[platform];
  if (platformPackage === undefined) throw new Error(`anvil: no @foundry-rs/anvil binary package for ${platform}`);
  const wrapperManifest = createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json');
  try {
    const manifest = createRequire(wrapperManifest).resolve(`${platformPackage}/package.json`);
    return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  } catch (cause) {
    throw new Error(
      `anvil: ${platformPackage} is not installed (an optional dependency of @foundry-rs/anvil); run \`bun install\``,
      { cause },
    );
  }
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0)];
  if (options.statePath !== undefined) args.push('--state', options.statePath);
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));

  const child = Bun.spawn({
    cmd: [...orphanGuard(), anvilBinaryPath(), ...args],
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    // Own process group: a terminal's Ctrl-C reaches only our process, which then stops anvil exactly once.
    detached: true,
  });
  let stderr = '';
  void readLines(child.stderr, (line) => {
    stderr = `${stderr}${line}\n`.slice(-STDERR_KEEP_CHARS);
  });
  // Not --silent: with --port 0 the banner's "Listening on" line is the only place the chosen port appears.
  // The rest of stdout (one line per RPC call) is read and dropped so it never reaches test output.
  let port: number | null = null;
  void readLines(child.stdout, (line) => {
    const match = /^Listening on [^\s]+:(\d+)$/.exec(line.trim());
    if (match !== null && port === null) port = Number(match[1]);
  });

  try {
    const readyPort = await until(
      () => port,
      child,
      () => stderr,
      'anvil to print its listening address',
    );
    const rpcUrl = `http://127.0.0.1:${readyPort}`;
    const chainId = await until(
      () => chainIdOf(rpcUrl),
      child,
      () => stderr,
      `anvil at ${rpcUrl} to answer`,
    );
    let stopped: Promise<void> | null = null;
    const stop = () => {
      stopped ??= terminate(child);
      return stopped;
    };
    const exited = child.exited.then(() => child.exitCode);
    return { rpcUrl, port: readyPort, chainId, exited, stop, [Symbol.asyncDispose]: stop };
  } catch (error) {
    child.kill('SIGKILL');
    await child.exited;
    throw error;
  }
}

/**
 * On Linux, util-linux's `setpriv` sets the parent-death signal and then execs anvil (same pid, no wrapper left):
 * if our process is SIGKILLed, as a test runner does to a hung service, anvil still gets SIGTERM instead of living on.
 */
function orphanGuard(): string[] {
  if (process.platform !== 'linux') return [];
  const setpriv = Bun.which('setpriv');
  return setpriv === null ? [] : [setpriv, '--pdeathsig', 'TERM', '--'];
}

async function until<T>(
  probe: () => T | null | Promise<T | null>,
  child: Subprocess,
  stderr: () => string,
  what: string,
): Promise<T> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}:\n${stderr()}`);
    }
    const value = await probe();
    if (value !== null) return value;
    if (performance.now() > deadline) {
      throw new Error(`timed out after ${READY_TIMEOUT_MS} ms waiting for ${what}; anvil stderr:\n${stderr()}`);
    }
    await Bun.sleep(POLL_INTERVAL_MS);
  }
}

/** The chain id, or null while the node does not answer yet. */
async function chainIdOf(rpcUrl: string): Promise<number | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('result' in body) || typeof body.result !== 'string')
      return null;
    return Number.parseInt(body.result, 16);
  } catch {
    // Connection refused: the listener is not up yet; the caller retries until its deadline.
    return null;
  }
}

async function terminate(child: Subprocess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await child.exited;
  clearTimeout(timer);
}
