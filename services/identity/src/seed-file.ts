// The encrypted seed file, format version 1: layout, sealing and unsealing (bytes in, bytes out; no file system).

import { sha256 } from '@noble/hashes/sha2.js';
import {
  CorruptSeedFileError,
  InvalidKdfParamsError,
  UnsupportedSeedFileVersionError,
  WrongPassphraseError,
} from './errors.ts';
import {
  assertKdfParams,
  CHECK_BYTES,
  DEFAULT_KDF_PARAMS,
  derivePassphraseKeys,
  type KdfParams,
  SALT_BYTES,
} from './passphrase-key.ts';
import { assertSeed, SEED_BYTES } from './seed.ts';
import { loadSodium } from './sodium.ts';

/** "KLID": lets a reader tell a seed file from any other file before trusting a single field. */
const MAGIC = new Uint8Array([0x4b, 0x4c, 0x49, 0x44]);
export const SEED_FILE_VERSION = 1;
/** The only KDF version 1 knows: Argon2id, version 0x13 (RFC 9106). */
const KDF_ARGON2ID_13 = 1;
/** XChaCha20-Poly1305: a 192-bit nonce is safe to pick at random for every write. */
const NONCE_BYTES = 24;
const TAG_BYTES = 16;
const CHECKSUM_BYTES = 32;

/** Byte offsets of version 1 (all integers big-endian); docs/identity.md shows the same table. */
const LAYOUT = {
  magic: 0,
  version: 4,
  kdf: 5,
  memoryKiB: 6,
  iterations: 10,
  parallelism: 14,
  salt: 15,
  nonce: 15 + SALT_BYTES,
  check: 15 + SALT_BYTES + NONCE_BYTES,
  sealed: 15 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES,
  checksum: 15 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES + SEED_BYTES + TAG_BYTES,
} as const;

/** Everything before the sealed seed; authenticated as the AEAD's associated data. */
const HEADER_BYTES = LAYOUT.sealed;
export const SEED_FILE_BYTES = LAYOUT.checksum + CHECKSUM_BYTES;

export interface SealOptions {
  readonly kdf?: KdfParams;
}

/** Encrypts `seed` under `passphrase` into a version-1 seed file (fresh random salt and nonce). */
export async function sealSeed(seed: Uint8Array, passphrase: string, options: SealOptions = {}): Promise<Uint8Array> {
  assertSeed(seed);
  const kdf = options.kdf ?? DEFAULT_KDF_PARAMS;
  assertKdfParams(kdf);
  const sodium = await loadSodium();
  const salt = sodium.randombytes_buf(SALT_BYTES);
  const nonce = sodium.randombytes_buf(NONCE_BYTES);
  const keys = await derivePassphraseKeys(passphrase, salt, kdf);

  const file = new Uint8Array(SEED_FILE_BYTES);
  const view = new DataView(file.buffer);
  file.set(MAGIC, LAYOUT.magic);
  view.setUint8(LAYOUT.version, SEED_FILE_VERSION);
  view.setUint8(LAYOUT.kdf, KDF_ARGON2ID_13);
  view.setUint32(LAYOUT.memoryKiB, kdf.memoryKiB);
  view.setUint32(LAYOUT.iterations, kdf.iterations);
  view.setUint8(LAYOUT.parallelism, kdf.parallelism);
  file.set(salt, LAYOUT.salt);
  file.set(nonce, LAYOUT.nonce);
  file.set(keys.check, LAYOUT.check);
  const header = file.subarray(0, HEADER_BYTES);
  const sealed = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(seed, header, null, nonce, keys.aeadKey);
  file.set(sealed, LAYOUT.sealed);
  file.set(sha256(file.subarray(0, LAYOUT.checksum)), LAYOUT.checksum);
  sodium.memzero(keys.aeadKey);
  return file;
}

/** The Argon2id parameters a seed file was written with (after checking it is an intact version-1 file). */
export function seedFileKdfParams(file: Uint8Array): KdfParams {
  checkStructure(file);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const params = {
    memoryKiB: view.getUint32(LAYOUT.memoryKiB),
    iterations: view.getUint32(LAYOUT.iterations),
    parallelism: view.getUint8(LAYOUT.parallelism),
  };
  try {
    assertKdfParams(params);
  } catch (error) {
    if (error instanceof InvalidKdfParamsError) throw new CorruptSeedFileError(error.message, { cause: error });
    throw error;
  }
  return params;
}

/**
 * Decrypts a seed file. Order of checks: magic, version, length, checksum (accidental damage), KDF parameters,
 * passphrase check ({@link WrongPassphraseError}), then the AEAD tag over header and seed (deliberate tampering).
 */
export async function unsealSeed(file: Uint8Array, passphrase: string): Promise<Uint8Array> {
  const kdf = seedFileKdfParams(file);
  const sodium = await loadSodium();
  const salt = file.slice(LAYOUT.salt, LAYOUT.nonce);
  const keys = await derivePassphraseKeys(passphrase, salt, kdf);
  try {
    if (!sodium.memcmp(keys.check, file.slice(LAYOUT.check, LAYOUT.sealed))) throw new WrongPassphraseError();
    try {
      return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
        null,
        file.slice(LAYOUT.sealed, LAYOUT.checksum),
        file.slice(0, HEADER_BYTES),
        file.slice(LAYOUT.nonce, LAYOUT.check),
        keys.aeadKey,
      );
    } catch (error) {
      throw new CorruptSeedFileError('authentication failed: the file was altered after it was written', {
        cause: error,
      });
    }
  } finally {
    sodium.memzero(keys.aeadKey);
  }
}

function checkStructure(file: Uint8Array): void {
  if (file.length <= LAYOUT.version || !MAGIC.every((byte, index) => file[index] === byte)) {
    throw new CorruptSeedFileError('not a seed file (bad magic)');
  }
  const version = file[LAYOUT.version] ?? 0;
  if (version !== SEED_FILE_VERSION) throw new UnsupportedSeedFileVersionError(version, SEED_FILE_VERSION);
  if (file.length !== SEED_FILE_BYTES) {
    throw new CorruptSeedFileError(`version ${version} files are ${SEED_FILE_BYTES} bytes, got ${file.length}`);
  }
  const stored = file.subarray(LAYOUT.checksum);
  const actual = sha256(file.subarray(0, LAYOUT.checksum));
  if (!actual.every((byte, index) => stored[index] === byte)) {
    throw new CorruptSeedFileError('checksum mismatch: the file is damaged');
  }
  if (file[LAYOUT.kdf] !== KDF_ARGON2ID_13) {
    throw new CorruptSeedFileError(`unknown KDF id ${file[LAYOUT.kdf]}`);
  }
}
