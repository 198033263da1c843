// The relay identity file `<HOME>/.voice/relay-identity` (seed: "Relay identity file"): the 32-byte seed in hex,
// created on first start, kept across restarts, and replaced with a warning when corrupt.

import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSeed, parseSeedHex, seedToHex } from '@keel/identity';
import { RelayIdentityError } from './errors.ts';

/** The seed is the relay's private key material: owner-only file in an owner-only directory. */
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

export interface RelayIdentityOptions {
  /** The home directory (`HOME`), passed in so tests use a temporary one. */
  readonly home: string;
  /** Clock for the name of a corrupt file moved aside. */
  readonly now: () => number;
}

export interface RelayIdentity {
  readonly seed: Uint8Array;
  readonly path: string;
  /** This start wrote a new file (first start, or the old one was corrupt). */
  readonly created: boolean;
  /** Set when a corrupt file was replaced: the fingerprint changed, for the entry point to log. */
  readonly warning: string | null;
}

export function relayIdentityPath(home: string): string {
  return join(home, '.voice', 'relay-identity');
}

/**
 * Loads the relay's seed, creating the file when absent. A file that is not 64 hex characters (one trailing
 * newline allowed) is renamed to `relay-identity.corrupt-<unix ms>` and replaced by a new seed. A file that
 * cannot be read at all (permissions, a directory) throws RelayIdentityError rather than being replaced.
 */
export async function loadRelayIdentity(options: RelayIdentityOptions): Promise<RelayIdentity> {
  const path = relayIdentityPath(options.home);
  const text = await readIfPresent(path);
  if (text === null) return { seed: await create(path), path, created: true, warning: null };
  const seed = parseSeedText(text);
  if (seed !== null) return { seed, path, created: false, warning: null };

  const aside = `${path}.corrupt-${options.now()}`;
  await guarded(path, 'cannot move the corrupt file aside', () => rename(path, aside));
  return {
    seed: await create(path),
    path,
    created: true,
    warning:
      `relay identity file ${path} was corrupt (not 64 hex characters); it was moved to ${aside} and a new ` +
      "identity generated. The relay's fingerprint changed: every peer relay must update the fingerprint of this " +
      'relay in its [[peers]] and [[trusted]] entries',
  };
}

/** The seed in the file's text, or null when the text is not exactly one seed in hex. */
function parseSeedText(text: string): Uint8Array | null {
  const hex = text.endsWith('\n') ? text.slice(0, -1) : text;
  try {
    return parseSeedHex(hex);
  } catch {
    // Not a seed: the caller replaces the file, which is what the seed prescribes for a corrupt one.
    return null;
  }
}

/**
 * Writes a new seed without ever exposing a half-written file: a temporary file, then a hard link to the final
 * name, which (unlike rename) fails instead of replacing a file another relay process created meanwhile.
 */
async function create(path: string): Promise<Uint8Array> {
  const seed = generateSeed();
  // A random name: a temporary file left by a crash must not block the next start (PID 1 in every container).
  const temporary = `${path}.${crypto.randomUUID()}.tmp`;
  await guarded(path, 'cannot create it', async () => {
    await mkdir(join(path, '..'), { recursive: true, mode: DIRECTORY_MODE });
    await writeFile(temporary, `${seedToHex(seed)}\n`, { mode: FILE_MODE, flag: 'wx' });
    try {
      await link(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
  });
  return seed;
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new RelayIdentityError(path, `cannot read it: ${String(error)}`, { cause: error });
  }
}

async function guarded(path: string, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    throw new RelayIdentityError(path, `${what}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
