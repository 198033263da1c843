// Reading and writing a seed file on disk: owner-only permissions, atomic replace.

import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { type SealOptions, sealSeed, unsealSeed } from './seed-file.ts';

/** Owner read/write only: the file is encrypted, but there is no reason to let anyone else copy it offline. */
const SEED_FILE_MODE = 0o600;

/** Seals `seed` under `passphrase` and writes it to `path` (a temp file renamed over it, so no half file). */
export async function writeSeedFile(
  path: string,
  seed: Uint8Array,
  passphrase: string,
  options: SealOptions = {},
): Promise<void> {
  const file = await sealSeed(seed, passphrase, options);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, file, { mode: SEED_FILE_MODE });
  await chmod(temporary, SEED_FILE_MODE);
  await rename(temporary, path);
}

/** Reads and unseals the seed file at `path`. */
export async function readSeedFile(path: string, passphrase: string): Promise<Uint8Array> {
  return unsealSeed(new Uint8Array(await readFile(path)), passphrase);
}
