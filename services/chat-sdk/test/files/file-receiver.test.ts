// FileReceiver against a hostile relay and bad headers: every failure is typed and no wrong byte is ever returned.

import { describe, expect, test } from 'bun:test';
import { sha256 } from '@noble/hashes/sha2.js';
import { sodium } from '../../src/crypto/sodium.ts';
import {
  ChatSdkError,
  ChunkDecryptionError,
  ChunkIndexOutOfRangeError,
  ChunkSizeMismatchError,
  DuplicateChunkError,
  encodeFileChunk,
  FILE_CHUNK_BYTES,
  type FileHeader,
  FileIncompleteError,
  FileIntegrityError,
  FileReceiver,
  FileTruncatedError,
  InvalidFileHeaderError,
  MalformedInputError,
  prepareFile,
  TooShortError,
  UnexpectedStreamTagError,
  UnsupportedVersionError,
  WrongFileError,
} from '../../src/index.ts';
import { CHUNK_CIPHERTEXT_AT, content, flipBit, receiveAll, relabelled, shuffled, withIndex } from './fixtures.ts';

type ErrorClass = new (...args: never[]) => Error;

// Three chunks: two full ones and a short last one.
const BYTES = content(2 * FILE_CHUNK_BYTES + 1000);
const { header: HEADER, chunks: CHUNKS } = prepareFile({ name: 'photo.jpg', bytes: BYTES, mime: 'image/jpeg' });
const OTHER = prepareFile({ name: 'other.jpg', bytes: content(2 * FILE_CHUNK_BYTES + 1000, 2) });
const chunk = (index: number): Uint8Array => CHUNKS[index] as Uint8Array;

describe('a refused chunk leaves the receiver unchanged, and the genuine chunks still complete the file', () => {
  const cases: [string, (receiver: FileReceiver) => Uint8Array, ErrorClass, string][] = [
    ['a chunk of another file', () => OTHER.chunks[0] as Uint8Array, WrongFileError, 'wrong_file'],
    [
      'an index equal to chunkCount',
      () => withIndex(chunk(2), 3),
      ChunkIndexOutOfRangeError,
      'chunk_index_out_of_range',
    ],
    [
      'a duplicate of a chunk already decrypted',
      (r) => {
        r.receive(chunk(0));
        return chunk(0);
      },
      DuplicateChunkError,
      'duplicate_chunk',
    ],
    [
      'a duplicate of a chunk still waiting for its turn',
      (r) => {
        r.receive(chunk(2));
        return chunk(2);
      },
      DuplicateChunkError,
      'duplicate_chunk',
    ],
    [
      'a full chunk labelled as the short last one',
      () => withIndex(chunk(0), 2),
      ChunkSizeMismatchError,
      'chunk_size_mismatch',
    ],
    ['a chunk cut short', () => chunk(1).subarray(0, 1000), ChunkSizeMismatchError, 'chunk_size_mismatch'],
    ['bytes too short for a chunk', () => chunk(1).subarray(0, 10), TooShortError, 'too_short'],
    ['a flipped version bit', () => flipBit(chunk(1), 0), UnsupportedVersionError, 'unsupported_version'],
    ['a flipped file-id bit', () => flipBit(chunk(1), 5), WrongFileError, 'wrong_file'],
    ['an empty body', () => new Uint8Array(0), TooShortError, 'too_short'],
  ];

  test.each(cases)('%s', (_name, bad, error, code) => {
    const receiver = new FileReceiver(HEADER);
    const rejected = bad(receiver);
    expect(() => receiver.receive(rejected)).toThrow(error);
    expect(() => receiver.receive(rejected)).toThrow(expect.objectContaining({ code }));
    for (const genuine of CHUNKS) {
      try {
        receiver.receive(genuine);
      } catch (cause) {
        // The case itself may already have delivered this chunk; that is the only refusal allowed here.
        expect(cause).toBeInstanceOf(DuplicateChunkError);
      }
    }
    expect(receiver.finish()).toEqual(BYTES);
  });
});

describe('a corrupted stream fails with a typed error and never yields plaintext', () => {
  const flipped = (index: number) => (chunks: Uint8Array[]) =>
    chunks.with(index, flipBit(chunks[index] as Uint8Array, CHUNK_CIPHERTEXT_AT + 100, 3));

  const cases: [string, (chunks: Uint8Array[]) => Uint8Array[], ErrorClass, (h: FileHeader) => FileHeader][] = [
    ['a flipped ciphertext bit in the first chunk', flipped(0), ChunkDecryptionError, (h) => h],
    ['a flipped ciphertext bit in a middle chunk', flipped(1), ChunkDecryptionError, (h) => h],
    ['a flipped ciphertext bit in the last chunk', flipped(2), ChunkDecryptionError, (h) => h],
    [
      'a flipped bit in the last tag byte',
      (c) => c.with(2, flipBit(chunk(2), chunk(2).length - 1, 7)),
      ChunkDecryptionError,
      (h) => h,
    ],
    [
      "chunk 1's ciphertext labelled 0 and chunk 0's labelled 1",
      (c) => [relabelled(c, 1, 0), relabelled(c, 0, 1), chunk(2)],
      ChunkDecryptionError,
      (h) => h,
    ],
    ['a missing chunk', (c) => [c[0] as Uint8Array, c[2] as Uint8Array], FileIncompleteError, (h) => h],
    ['a header with another key', (c) => c, ChunkDecryptionError, (h) => ({ ...h, key: OTHER.header.key })],
    [
      'a header with another stream header',
      (c) => c,
      ChunkDecryptionError,
      (h) => ({ ...h, streamHeader: OTHER.header.streamHeader }),
    ],
    ['a header with a wrong sha256', (c) => c, FileIntegrityError, (h) => ({ ...h, sha256: sha256(content(3)) })],
    ['a header with a size one byte short', (c) => c, ChunkSizeMismatchError, (h) => ({ ...h, size: h.size - 1 })],
  ];

  test.each(cases)('%s', (_name, alter, error, alterHeader) => {
    const receiver = new FileReceiver(alterHeader(HEADER));
    expect(() => receiveAll(receiver, alter([...CHUNKS]))).toThrow(error);
    expect(receiver.done).toBe(false);
  });

  test('a truncated stream (last chunk dropped, chunkCount and size lowered, sha256 matching) is FileTruncatedError', () => {
    const kept = BYTES.subarray(0, 2 * FILE_CHUNK_BYTES);
    const truncated = { ...HEADER, size: kept.length, chunkCount: 2, sha256: sha256(kept) };
    const receiver = new FileReceiver(truncated);
    receiver.receive(chunk(0));
    expect(() => receiver.receive(chunk(1))).toThrow(FileTruncatedError);
    expect(() => receiver.finish()).toThrow(expect.objectContaining({ code: 'file_truncated' }));
  });

  test('a stream that ends before the last chunk (TAG_FINAL on chunk 0) is UnexpectedStreamTagError', () => {
    // A sender that knows the key but cuts the stream early, then continues it: secretstream takes the tag on trust.
    const { state, header: streamHeader } = sodium.crypto_secretstream_xchacha20poly1305_init_push(HEADER.key);
    const forged = [0, 1, 2].map((index) => {
      const plaintext = BYTES.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
      const ad = chunk(index).subarray(0, CHUNK_CIPHERTEXT_AT);
      const tag = sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
      const ciphertext = sodium.crypto_secretstream_xchacha20poly1305_push(state, plaintext, ad, tag);
      return encodeFileChunk({ fileId: HEADER.fileId, index, ciphertext });
    });
    const receiver = new FileReceiver({ ...HEADER, streamHeader });
    expect(() => receiveAll(receiver, forged)).toThrow(UnexpectedStreamTagError);
  });

  test('finish before every chunk arrived is FileIncompleteError counting the missing chunks, and not terminal', () => {
    const receiver = new FileReceiver(HEADER);
    receiver.receive(chunk(2));
    expect(() => receiver.finish()).toThrow(expect.objectContaining({ code: 'file_incomplete', missing: 2 }));
    receiver.receive(chunk(1));
    receiver.receive(chunk(0));
    expect(receiver.finish()).toEqual(BYTES);
  });

  test('a chunk that fails to authenticate ends the transfer: later calls throw the same error', () => {
    const receiver = new FileReceiver(HEADER);
    receiver.receive(chunk(2));
    receiver.receive(flipBit(chunk(1), CHUNK_CIPHERTEXT_AT));
    let failure: unknown;
    try {
      receiver.receive(chunk(0));
    } catch (cause) {
      failure = cause;
    }
    expect(failure).toEqual(expect.objectContaining({ code: 'chunk_decryption_failed', index: 1 }));
    expect(() => receiver.receive(chunk(1))).toThrow(failure as Error);
    expect(() => receiver.finish()).toThrow(failure as Error);
  });
});

test('no single-bit flip anywhere in a chunk lets the file finish', () => {
  // Every bit of the 21-byte prefix (authenticated as associated data) and of the tag region, in each chunk.
  for (const [index, original] of CHUNKS.entries()) {
    const positions = [...Array(CHUNK_CIPHERTEXT_AT + 17).keys(), original.length - 1, original.length - 16];
    for (const at of positions)
      for (let bit = 0; bit < 8; bit++) {
        const receiver = new FileReceiver(HEADER);
        const delivered = shuffled(CHUNKS.with(index, flipBit(original, at, bit)), at * 8 + bit);
        let outcome: unknown;
        try {
          outcome = receiveAll(receiver, delivered);
        } catch (cause) {
          outcome = cause;
        }
        if (!(outcome instanceof ChatSdkError)) throw new Error(`chunk ${index}, byte ${at}, bit ${bit}: ${outcome}`);
      }
  }
});

test('a header that is not self-consistent is refused by the constructor', () => {
  expect(() => new FileReceiver({ ...HEADER, chunkCount: 4 })).toThrow(InvalidFileHeaderError);
  expect(() => new FileReceiver({ ...HEADER, key: HEADER.key.subarray(1) })).toThrow(InvalidFileHeaderError);
  expect(() => new FileReceiver({ ...HEADER, name: '../x' })).toThrow(MalformedInputError);
});

test('the receiver keeps its own copy of the header: later changes to the caller’s object do not reach it', () => {
  const header = { ...HEADER, fileId: HEADER.fileId.slice(), sha256: HEADER.sha256.slice(), key: HEADER.key.slice() };
  const receiver = new FileReceiver(header);
  header.fileId.fill(0);
  header.sha256.fill(0);
  header.key.fill(0);
  expect(receiveAll(receiver, CHUNKS)).toEqual(BYTES);
});
