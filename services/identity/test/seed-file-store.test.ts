// Seed files on disk: written owner-only, read back, and replaced atomically.

import { describe, expect, test } from 'bun:test';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type KdfParams, readSeedFile, seedToHex, WrongPassphraseError, writeSeedFile } from '../src/index.ts';

const FAST_KDF: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };
const OWNER_ONLY = 0o600;
const PERMISSION_BITS = 0o777;

async function tempDir(): Promise<AsyncDisposable & { path: string }> {
  const path = await mkdtemp(join(tmpdir(), 'keel-identity-'));
  return { path, [Symbol.asyncDispose]: () => rm(path, { recursive: true, force: true }) };
}

describe('seed file on disk', () => {
  test('is written with owner-only permissions and reads back to the same seed', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'identity.seed');
    const seed = crypto.getRandomValues(new Uint8Array(32));
    await writeSeedFile(path, seed, 'pass phrase', { kdf: FAST_KDF });
    const mode = (await stat(path)).mode & PERMISSION_BITS;
    expect({ mode, seed: seedToHex(await readSeedFile(path, 'pass phrase')) }).toEqual({
      mode: OWNER_ONLY,
      seed: seedToHex(seed),
    });
  });

  test('rewriting replaces the file, leaves no temporary file behind, and the old passphrase stops working', async () => {
    await using dir = await tempDir();
    const path = join(dir.path, 'identity.seed');
    const seed = crypto.getRandomValues(new Uint8Array(32));
    await writeSeedFile(path, seed, 'first', { kdf: FAST_KDF });
    await writeSeedFile(path, seed, 'second', { kdf: FAST_KDF });
    expect(await readdir(dir.path)).toEqual(['identity.seed']);
    expect(seedToHex(await readSeedFile(path, 'second'))).toBe(seedToHex(seed));
    await expect(readSeedFile(path, 'first')).rejects.toBeInstanceOf(WrongPassphraseError);
  });
});
