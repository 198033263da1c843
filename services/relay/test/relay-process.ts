// Starts the voice-relay entry point as a real child process and reads its JSON log lines and stdout.

import { readLines } from '@keel/kit';
import { waitFor } from '@keel/kit/testing';

const ENTRY = new URL('../src/main.ts', import.meta.url).pathname;

export interface RelayProcess extends AsyncDisposable {
  readonly port: number;
  readonly fingerprint: string;
  readonly version: string;
  readonly pid: number;
  readonly logs: readonly Record<string, unknown>[];
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number>;
  kill(signal: NodeJS.Signals): void;
}

/** The relay from source; pass a compiled binary's path as `[binary]` instead. */
export const RELAY_FROM_SOURCE: readonly string[] = [process.execPath, ENTRY];

/**
 * Runs `<command> --listen 127.0.0.1:0 ...args` with HOME=`home` (also the working directory) and waits for
 * `voice relay listening`.
 */
export async function startRelay(
  home: string,
  args: readonly string[] = [],
  command: readonly string[] = RELAY_FROM_SOURCE,
): Promise<RelayProcess> {
  const child = Bun.spawn({
    cmd: [...command, '--listen', '127.0.0.1:0', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: home },
    cwd: home,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const logs: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  void readLines(child.stdout, (line) => {
    stdout += `${line}\n`;
    if (!line.startsWith('{')) return;
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // Not a log line.
    }
  });
  void readLines(child.stderr, (line) => {
    stderr += `${line}\n`;
  });
  let exited = false;
  child.exited.then(() => {
    exited = true;
  });
  const ready = await waitFor(
    () => {
      if (exited) throw new Error(`relay exited before listening:\n${stderr}`);
      return logs.find((line) => line.msg === 'voice relay listening');
    },
    { timeoutMs: 15_000, what: 'the relay to listen' },
  );
  const address = String(ready.address);
  return {
    port: Number(address.slice(address.lastIndexOf(':') + 1)),
    fingerprint: String(ready.fingerprint),
    version: String(ready.version),
    pid: child.pid,
    logs,
    stdout: () => stdout,
    stderr: () => stderr,
    exited: child.exited,
    kill: (signal) => child.kill(signal),
    [Symbol.asyncDispose]: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await child.exited;
    },
  };
}
