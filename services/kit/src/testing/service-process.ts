// Starts a service as a real child process on a free port and reads its JSON log lines.

import { tmpdir } from 'node:os';
import { spawnLogged } from './logged-process.ts';

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
  const process_ = await spawnLogged({
    cmd: [process.execPath, options.entry, '--port', '0', ...(options.args ?? [])],
    env: options.env,
    // Bun loads ./.env of its working directory; a developer's keys must not leak into the test.
    cwd: tmpdir(),
    readyMsg: 'listening',
    ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }),
    ...(options.keepLogs === undefined ? {} : { keepLogs: options.keepLogs }),
  });
  const port = Number(process_.ready.port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: process_.pid,
    logs: process_.logs,
    stderr: process_.stderr,
    exited: process_.exited,
    kill: process_.kill,
    [Symbol.asyncDispose]: () => process_[Symbol.asyncDispose](),
  };
}
