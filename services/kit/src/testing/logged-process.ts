// Starts a real child process that logs JSON lines, keeps what it prints, and waits until it logs that it is ready.

import { readLines } from '../read-lines.ts';
import { waitFor } from './wait-for.ts';

export interface LoggedProcess extends AsyncDisposable {
  readonly pid: number;
  /** The JSON log lines printed so far (other stdout lines are only in `stdout()`). */
  readonly logs: readonly Record<string, unknown>[];
  /** The line whose `msg` was the ready message. */
  readonly ready: Record<string, unknown>;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number>;
  kill(signal: NodeJS.Signals): void;
}

export interface SpawnLoggedOptions {
  readonly cmd: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** The `msg` of the log line that says the process is ready. */
  readonly readyMsg: string;
  readonly startTimeoutMs?: number;
  /** `false`: after the ready line, output is read and dropped (benchmarks that log per request). */
  readonly keepLogs?: boolean;
}

export async function spawnLogged(options: SpawnLoggedOptions): Promise<LoggedProcess> {
  const child = Bun.spawn({
    cmd: [...options.cmd],
    env: { PATH: process.env.PATH ?? '', ...options.env },
    cwd: options.cwd,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const logs: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  let started = false;
  void readLines(child.stdout, (line) => {
    if (line === '' || (started && options.keepLogs === false)) return;
    stdout += `${line}\n`;
    if (!line.startsWith('{')) return;
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // Not a log line; it stays in stdout.
    }
  });
  void readLines(child.stderr, (line) => {
    stderr += `${line}\n`;
  });
  let exitedEarly = false;
  child.exited.then(() => {
    exitedEarly = true;
  });
  const ready = await waitFor(
    () => {
      if (exitedEarly) throw new Error(`${options.cmd.join(' ')} exited before '${options.readyMsg}':\n${stderr}`);
      return logs.find((line) => line.msg === options.readyMsg);
    },
    { timeoutMs: options.startTimeoutMs ?? 15_000, what: `'${options.readyMsg}'` },
  );
  started = true;
  return {
    pid: child.pid,
    logs,
    ready,
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
