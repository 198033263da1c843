// Whole transfers: a file through prepareFile, the header codec and FileReceiver comes back byte for byte.

import { describe, expect, test } from 'bun:test';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  DEFAULT_MIME,
  decodeFileChunk,
  decodeFileHeader,
  encodeFileHeader,
  FILE_CHUNK_BYTES,
  FileReceiver,
  FileTooLargeError,
  MAX_FILE_BYTES,
  MAX_FILE_CHUNK_WIRE_BYTES,
  prepareFile,
} from '../../src/index.ts';
import { content, KiB, MiB, receiveAll, shuffled } from './fixtures.ts';

/** Sender to recipient: the header through its wire encoding (as the ratchet would carry it), chunks in `order`. */
function transfer(bytes: Uint8Array, order: (chunks: readonly Uint8Array[]) => readonly Uint8Array[] = (c) => c) {
  const { header, chunks } = prepareFile({ name: 'report.pdf', bytes, mime: 'application/pdf' });
  const receiver = new FileReceiver(decodeFileHeader(encodeFileHeader(header)));
  return { header, chunks, received: receiveAll(receiver, order(chunks)), receiver };
}

const sizes: [string, number, number][] = [
  ['an empty file', 0, 1],
  ['a 1-byte file', 1, 1],
  ['a file of exactly 64 KiB', 64 * KiB, 1],
  ['a file of 64 KiB + 1', 64 * KiB + 1, 2],
  ['a file of 1 MiB + 3', MiB + 3, 17],
];

describe.each(sizes)('%s', (_name, size, chunkCount) => {
  const bytes = content(size);

  test('round-trips in order with the header describing it', () => {
    const { header, chunks, received, receiver } = transfer(bytes);
    expect(received).toEqual(bytes);
    expect(receiver.done).toBe(true);
    expect({ size: header.size, chunkCount: header.chunkCount, chunks: chunks.length }).toEqual({
      size,
      chunkCount,
      chunks: chunkCount,
    });
    expect(header.sha256).toEqual(sha256(bytes));
  });

  test('round-trips with the chunks delivered in reverse and shuffled', () => {
    expect(transfer(bytes, (c) => [...c].reverse()).received).toEqual(bytes);
    expect(transfer(bytes, (c) => shuffled(c)).received).toEqual(bytes);
  });

  test('every chunk is 38 bytes longer than its plaintext and never above 65,536 + 38 bytes', () => {
    const { chunks } = transfer(bytes);
    const plaintextLengths = chunks.map((_, i) => Math.min(FILE_CHUNK_BYTES, size - i * FILE_CHUNK_BYTES));
    expect(chunks.map((chunk) => chunk.length)).toEqual(plaintextLengths.map((length) => length + 38));
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(MAX_FILE_CHUNK_WIRE_BYTES);
    expect(MAX_FILE_CHUNK_WIRE_BYTES).toBe(65_536 + 38);
  });
});

test('a 10 MiB file round-trips shuffled in 160 chunks of at most 65,536 + 38 bytes, its SHA-256 intact', () => {
  const bytes = content(MAX_FILE_BYTES, 3);
  expect(MAX_FILE_BYTES).toBe(10_485_760);
  const { header, chunks, received } = transfer(bytes, (c) => shuffled(c, 11));
  expect(chunks.length).toBe(160);
  expect(chunks.every((chunk) => chunk.length === MAX_FILE_CHUNK_WIRE_BYTES)).toBe(true);
  expect(received.length).toBe(MAX_FILE_BYTES);
  expect(sha256(received)).toEqual(sha256(bytes));
  expect(header.sha256).toEqual(sha256(bytes));
});

test('a file of 10 MiB + 1 is refused with FileTooLargeError before anything else is looked at', () => {
  // The name is invalid too: the size check comes first, before validation, key generation or encryption.
  const refuse = () => prepareFile({ name: '', bytes: new Uint8Array(MAX_FILE_BYTES + 1) });
  expect(refuse).toThrow(FileTooLargeError);
  expect(refuse).toThrow(expect.objectContaining({ code: 'file_too_large', size: MAX_FILE_BYTES + 1 }));
});

test('each file gets a fresh key, file id and stream header, and its chunks carry its id and their index', () => {
  const bytes = content(100 * KiB);
  const first = prepareFile({ name: 'a', bytes });
  const second = prepareFile({ name: 'a', bytes });
  expect(first.header.key).not.toEqual(second.header.key);
  expect(first.header.fileId).not.toEqual(second.header.fileId);
  expect(first.header.streamHeader).not.toEqual(second.header.streamHeader);
  expect(first.chunks.map((chunk) => decodeFileChunk(chunk)).map(({ fileId, index }) => ({ fileId, index }))).toEqual([
    { fileId: first.header.fileId, index: 0 },
    { fileId: first.header.fileId, index: 1 },
  ]);
});

test('the mime defaults to application/octet-stream and a given one is kept', () => {
  expect(prepareFile({ name: 'x', bytes: new Uint8Array(1) }).header.mime).toBe(DEFAULT_MIME);
  expect(DEFAULT_MIME).toBe('application/octet-stream');
  expect(prepareFile({ name: 'x', bytes: new Uint8Array(1), mime: 'image/svg+xml' }).header.mime).toBe('image/svg+xml');
});

test('the header round-trips through its encoding field for field', () => {
  const { header } = prepareFile({ name: 'Ünïcødé 📎 notes.txt', bytes: content(70_000), mime: 'text/plain' });
  expect(decodeFileHeader(encodeFileHeader(header))).toEqual(header);
});
