// Starts the voice-relay entry point as a real child process and reads its JSON log lines and stdout.

import { type LoggedProcess, spawnLogged } from '@keel/kit/testing';

const ENTRY = new URL('../src/main.ts', import.meta.url).pathname;

export interface RelayProcess extends LoggedProcess {
  readonly port: number;
  readonly fingerprint: string;
  readonly version: string;
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
  const child = await spawnLogged({
    cmd: [...command, '--listen', '127.0.0.1:0', ...args],
    env: { HOME: home },
    cwd: home,
    readyMsg: 'voice relay listening',
  });
  const address = String(child.ready.address);
  return {
    ...child,
    port: Number(address.slice(address.lastIndexOf(':') + 1)),
    fingerprint: String(child.ready.fingerprint),
    version: String(child.ready.version),
    [Symbol.asyncDispose]: () => child[Symbol.asyncDispose](),
  };
}
