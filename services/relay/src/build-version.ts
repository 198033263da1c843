// The build's git hash for --version: baked in at build time, or read from git when running from source.

/** Set by `bun build --compile --define RELAY_GIT_HASH='"<hash>"'`; undefined when running from source. */
declare const RELAY_GIT_HASH: string | undefined;

/** Twelve characters: unique in any repository of realistic size, short enough to read out. */
const HASH_CHARS = 12;

export function buildVersion(): string {
  return typeof RELAY_GIT_HASH !== 'undefined' ? RELAY_GIT_HASH : sourceHash();
}

/** The checkout's HEAD, or `unknown` outside a git checkout or without git. */
function sourceHash(): string {
  try {
    const result = Bun.spawnSync({
      cmd: ['git', 'rev-parse', `--short=${HASH_CHARS}`, 'HEAD'],
      cwd: import.meta.dir,
      stdout: 'pipe',
      stderr: 'ignore',
    });
    const hash = result.stdout.toString().trim();
    return result.success && hash !== '' ? hash : 'unknown';
  } catch {
    // No git executable: the version is then honestly unknown, which is what --version prints.
    return 'unknown';
  }
}
