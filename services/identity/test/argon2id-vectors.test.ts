// Argon2id vectors: RFC 9106 §5.3 and the reference implementation's own, through hash-wasm and @noble/hashes.

import { describe, expect, test } from 'bun:test';
import { argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import { argon2id as wasmArgon2id } from 'hash-wasm';
import { fromHex, toHex } from './support/hex.ts';
import vectors from './vectors/argon2id.json';

/** hash-wasm (the seed file's Argon2id) takes a secret but has no associated-data input. */
const withoutAssociatedData = vectors.filter((row) => row.associatedData === '');

describe('Argon2id (RFC 9106)', () => {
  test.each(withoutAssociatedData)('hash-wasm reproduces $source: $name', async (row) => {
    const tag = await wasmArgon2id({
      password: fromHex(row.password),
      salt: fromHex(row.salt),
      secret: fromHex(row.secret),
      memorySize: row.memoryKiB,
      iterations: row.iterations,
      parallelism: row.parallelism,
      hashLength: row.tag.length / 2,
      outputType: 'hex',
    });
    expect(tag).toBe(row.tag);
  });

  test.each(vectors)('@noble/hashes reproduces $source: $name', (row) => {
    const tag = nobleArgon2id(fromHex(row.password), fromHex(row.salt), {
      t: row.iterations,
      m: row.memoryKiB,
      p: row.parallelism,
      key: fromHex(row.secret),
      personalization: fromHex(row.associatedData),
      dkLen: row.tag.length / 2,
    });
    expect(toHex(tag)).toBe(row.tag);
  });

  test('the RFC 9106 §5.3 vector is the one row hash-wasm cannot run, for lack of associated data', () => {
    expect(vectors.filter((row) => row.associatedData !== '').map((row) => row.source)).toEqual(['RFC 9106 §5.3']);
  });
});
