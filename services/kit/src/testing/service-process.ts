// Starts a service as a real child process on a free port and reads its JSON log lines.

import { tmpdir } from 'node:os';
import { readLines } from '../read-lines.ts';
import { waitFor } from './wait-for.ts';

export interface ServiceProcess extends AsyncDisposable {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Every JSON log line the service printed so far. */
  readonly logs: readonly Record<string, unknown>[];
  readonly stderr: () => string;
  readonly exited: Promise<number>;
  kill(signal: NodeJS.Signals): void;
}

export interface SpawnServiceOptions {
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  readonly startTimeoutMs?: number;
  /** `false`: after `listening`, log lines are read and dropped (benchmarks that log per request). */
  readonly keepLogs?: boolean;
}

/** Spawns `bun <entry> --port 0 ...args` and resolves once the service logs `listening`. */
export async function spawnService(options: SpawnServiceOptions): Promise<ServiceProcess> {
  const child = Bun.spawn({
    cmd: [process.execPath, options.entry, '--port', '0', ...(options.args ?? [])],
    env: { PATH: process.env.PATH ?? '', ...options.env },
    // Bun loads ./.env of its working directory; a developer's keys must not leak into the test.
    cwd: tmpdir(),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let started = false;
  void readLines(child.stdout, (line) => {
    if (line === '' || (started && options.keepLogs === false)) return;
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ msg: 'unparsed', line });
    }
  });
  void readLines(child.stderr, (line) => {
    stderr += `${line}\n`;
  });
  let exitedEarly = false;
  child.exited.then(() => {
    exitedEarly = true;
  });
  const listening = await waitFor(
    () => {
      if (exitedEarly) throw new Error(`service exited before listening:\n${stderr}`);
      return logs.find((line) => line.msg === 'listening');
    },
    { timeoutMs: options.startTimeoutMs ?? 15_000, what: `${options.entry} to listen` },
  );
  started = true;
  const port = Number(listening.port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    logs,
    stderr: () => stderr,
    exited: child.exited,
    kill: (signal) => child.kill(signal),
    [Symbol.asyncDispose]: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await child.exited;
    },
  };
}
