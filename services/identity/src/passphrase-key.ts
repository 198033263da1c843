// Argon2id over the passphrase: the seed file's parameters, their bounds, and the key material they yield.

import { argon2id } from 'hash-wasm';
import { EmptyPassphraseError, InvalidKdfParamsError } from './errors.ts';

export interface KdfParams {
  /** Memory in KiB (Argon2's m). */
  readonly memoryKiB: number;
  /** Passes over memory (Argon2's t). */
  readonly iterations: number;
  /** Lanes (Argon2's p). */
  readonly parallelism: number;
}

/**
 * RFC 9106 §4's second recommended profile uses 64 MiB and t=3; we keep p=1 (libsodium's fixed lane count, and
 * hash-wasm runs lanes sequentially anyway). Measured here: ~0.4 s per unlock, inside the ≤1 s target.
 */
export const DEFAULT_KDF_PARAMS: KdfParams = { memoryKiB: 64 * 1024, iterations: 3, parallelism: 1 };

/** RFC 9106 §4 recommends a 128-bit salt; libsodium's SALTBYTES is 16 too. */
export const SALT_BYTES = 16;

/** 32 bytes of AEAD key followed by a 16-byte passphrase check (see `seed-file.ts`). */
export const AEAD_KEY_BYTES = 32;
export const CHECK_BYTES = 16;

/** RFC 9106 §3.1: memory must be at least 8·p KiB. */
const MIN_MEMORY_KIB_PER_LANE = 8;
/** 4 GiB: twice RFC 9106's largest recommendation, so a hostile file cannot ask for unbounded memory. */
export const MAX_MEMORY_KIB = 4 * 1024 * 1024;
/** A hostile file could otherwise pin a CPU for hours; 64 passes at 4 GiB is already minutes. */
export const MAX_ITERATIONS = 64;
/** The file stores p in one byte. */
export const MAX_PARALLELISM = 255;

export interface PassphraseKeys {
  readonly aeadKey: Uint8Array;
  readonly check: Uint8Array;
}

/** Throws {@link InvalidKdfParamsError} unless the parameters are integers within the bounds above. */
export function assertKdfParams(params: KdfParams): void {
  const { memoryKiB, iterations, parallelism } = params;
  if (!Number.isInteger(parallelism) || parallelism < 1 || parallelism > MAX_PARALLELISM) {
    throw new InvalidKdfParamsError(`parallelism must be 1..${MAX_PARALLELISM}, got ${parallelism}`);
  }
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new InvalidKdfParamsError(`iterations must be 1..${MAX_ITERATIONS}, got ${iterations}`);
  }
  const minMemory = MIN_MEMORY_KIB_PER_LANE * parallelism;
  if (!Number.isInteger(memoryKiB) || memoryKiB < minMemory || memoryKiB > MAX_MEMORY_KIB) {
    throw new InvalidKdfParamsError(`memoryKiB must be ${minMemory}..${MAX_MEMORY_KIB}, got ${memoryKiB}`);
  }
}

/** The passphrase as Argon2id's password: UTF-8 of its NFC form, so the same text typed anywhere unlocks. */
export function passphraseBytes(passphrase: string): Uint8Array {
  if (passphrase.length === 0) throw new EmptyPassphraseError();
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}

/** Argon2id(passphrase, salt, params) → 48 bytes, split into the AEAD key and the passphrase check. */
export async function derivePassphraseKeys(
  passphrase: string,
  salt: Uint8Array,
  params: KdfParams,
): Promise<PassphraseKeys> {
  assertKdfParams(params);
  const output = await argon2id({
    password: passphraseBytes(passphrase),
    salt,
    memorySize: params.memoryKiB,
    iterations: params.iterations,
    parallelism: params.parallelism,
    hashLength: AEAD_KEY_BYTES + CHECK_BYTES,
    outputType: 'binary',
  });
  return { aeadKey: output.slice(0, AEAD_KEY_BYTES), check: output.slice(AEAD_KEY_BYTES) };
}
