// The encrypted seed file: round trip, wrong passphrase, damage, tampering and versions, each a distinct error.

import { describe, expect, test } from 'bun:test';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  CorruptSeedFileError,
  DEFAULT_KDF_PARAMS,
  EmptyPassphraseError,
  InvalidKdfParamsError,
  InvalidSeedError,
  type KdfParams,
  SEED_FILE_BYTES,
  sealSeed,
  seedFileKdfParams,
  seedToHex,
  UnsupportedSeedFileVersionError,
  unsealSeed,
  WrongPassphraseError,
} from '../src/index.ts';

/** Small enough for a fast test (Argon2's floor is 8 KiB per lane); one test below runs the real defaults. */
const FAST_KDF: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };
const PASSPHRASE = 'correct horse battery staple';
const SEED = Uint8Array.from({ length: 32 }, (_, index) => index * 7);
/** Offsets from docs/identity.md: where the checksum starts, and fields a tamperer might touch. */
const CHECKSUM_AT = SEED_FILE_BYTES - 32;
const OFFSETS = { version: 4, memoryKiB: 6, salt: 15, nonce: 31, check: 55, sealed: 71 } as const;

async function fastFile(): Promise<Uint8Array> {
  return sealSeed(SEED, PASSPHRASE, { kdf: FAST_KDF });
}

/** Rewrites the trailing checksum so the change looks deliberate, not accidental damage. */
function reChecksum(file: Uint8Array): Uint8Array {
  file.set(sha256(file.subarray(0, CHECKSUM_AT)), CHECKSUM_AT);
  return file;
}

function flipped(file: Uint8Array, offset: number): Uint8Array {
  const copy = Uint8Array.from(file);
  copy[offset] = (copy[offset] ?? 0) ^ 0x01;
  return copy;
}

describe('seed file', () => {
  test('sealing then unsealing with the same passphrase gives back the seed', async () => {
    const file = await fastFile();
    expect({ length: file.length, seed: seedToHex(await unsealSeed(file, PASSPHRASE)) }).toEqual({
      length: SEED_FILE_BYTES,
      seed: seedToHex(SEED),
    });
  });

  test('the default parameters (64 MiB, 3 passes, 1 lane) are written into the file and used to unseal', async () => {
    const file = await sealSeed(SEED, PASSPHRASE);
    expect(seedFileKdfParams(file)).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(DEFAULT_KDF_PARAMS).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(seedToHex(await unsealSeed(file, PASSPHRASE))).toBe(seedToHex(SEED));
  });

  test('two seals of the same seed differ (fresh salt and nonce), yet both unseal', async () => {
    const [first, second] = await Promise.all([fastFile(), fastFile()]);
    expect(seedToHex(first.subarray(0, 32)) === seedToHex(second.subarray(0, 32))).toBe(false);
    expect([await unsealSeed(first, PASSPHRASE), await unsealSeed(second, PASSPHRASE)].map(seedToHex)).toEqual([
      seedToHex(SEED),
      seedToHex(SEED),
    ]);
  });

  test('a passphrase is compared after Unicode NFC normalisation', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    const file = await sealSeed(SEED, composed, { kdf: FAST_KDF });
    expect(seedToHex(await unsealSeed(file, decomposed))).toBe(seedToHex(SEED));
  });

  test('a wrong passphrase is a WrongPassphraseError', async () => {
    await expect(unsealSeed(await fastFile(), 'Correct horse battery staple')).rejects.toBeInstanceOf(
      WrongPassphraseError,
    );
  });

  test('an empty passphrase is refused when sealing', async () => {
    await expect(sealSeed(SEED, '', { kdf: FAST_KDF })).rejects.toBeInstanceOf(EmptyPassphraseError);
  });

  test('a seed that is not 32 bytes is refused when sealing', async () => {
    await expect(sealSeed(new Uint8Array(16), PASSPHRASE, { kdf: FAST_KDF })).rejects.toBeInstanceOf(InvalidSeedError);
  });

  test.each<[string, KdfParams]>([
    ['less memory than 8 KiB per lane', { memoryKiB: 8, iterations: 1, parallelism: 2 }],
    ['zero passes', { memoryKiB: 64, iterations: 0, parallelism: 1 }],
    ['zero lanes', { memoryKiB: 64, iterations: 1, parallelism: 0 }],
    ['more than 255 lanes', { memoryKiB: 8192, iterations: 1, parallelism: 256 }],
    ['a fractional memory size', { memoryKiB: 64.5, iterations: 1, parallelism: 1 }],
  ])('sealing with %s is an InvalidKdfParamsError', async (_label, kdf) => {
    await expect(sealSeed(SEED, PASSPHRASE, { kdf })).rejects.toBeInstanceOf(InvalidKdfParamsError);
  });

  test.each([
    ['truncated by one byte', (file: Uint8Array) => file.slice(0, -1)],
    ['truncated to the header', (file: Uint8Array) => file.slice(0, OFFSETS.sealed)],
    ['one byte longer', (file: Uint8Array) => Uint8Array.of(...file, 0)],
    ['empty', () => new Uint8Array(0)],
    ['not a seed file at all', () => new TextEncoder().encode('{"seed":"hello"}')],
    ['a flipped bit in the sealed seed', (file: Uint8Array) => flipped(file, OFFSETS.sealed + 3)],
    ['a flipped bit in the salt', (file: Uint8Array) => flipped(file, OFFSETS.salt)],
    ['a flipped bit in the checksum', (file: Uint8Array) => flipped(file, CHECKSUM_AT)],
    [
      'a sealed seed altered with the checksum recomputed',
      (file: Uint8Array) => reChecksum(flipped(file, OFFSETS.sealed)),
    ],
    ['a nonce altered with the checksum recomputed', (file: Uint8Array) => reChecksum(flipped(file, OFFSETS.nonce))],
    [
      'memory raised past the 4 GiB bound with the checksum recomputed',
      (file: Uint8Array) => {
        new DataView(file.buffer).setUint32(OFFSETS.memoryKiB, 0xffffffff);
        return reChecksum(file);
      },
    ],
  ])('a file %s is a CorruptSeedFileError', async (_label, damage) => {
    const file = damage(await fastFile());
    await expect(unsealSeed(file, PASSPHRASE)).rejects.toBeInstanceOf(CorruptSeedFileError);
  });

  test('an altered salt with the checksum recomputed fails closed, as a wrong passphrase', async () => {
    const file = reChecksum(flipped(await fastFile(), OFFSETS.salt));
    await expect(unsealSeed(file, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  test.each([0, 2, 255])('a file of format version %i is an UnsupportedSeedFileVersionError', async (version) => {
    const file = await fastFile();
    file[OFFSETS.version] = version;
    const error = await unsealSeed(reChecksum(file), PASSPHRASE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsupportedSeedFileVersionError);
    expect((error as UnsupportedSeedFileVersionError).version).toBe(version);
  });

  test('a future version is reported as such even when its length differs', async () => {
    const file = Uint8Array.of(...(await fastFile()).slice(0, OFFSETS.version), 2, 9, 9, 9);
    await expect(unsealSeed(file, PASSPHRASE)).rejects.toBeInstanceOf(UnsupportedSeedFileVersionError);
  });
});
