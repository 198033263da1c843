// The FileHeader and FileChunk parsers against tables of malformed input: each a typed error, never a partial value.

import { describe, expect, test } from 'bun:test';
import {
  ChatSdkError,
  ChunkDecryptionError,
  ChunkIndexOutOfRangeError,
  ChunkSizeMismatchError,
  DuplicateChunkError,
  decodeFileChunk,
  decodeFileHeader,
  encodeFileChunk,
  encodeFileHeader,
  FileIncompleteError,
  FileIntegrityError,
  FileTooLargeError,
  FileTruncatedError,
  InvalidFileHeaderError,
  InvalidFileNameError,
  MAX_FILE_BYTES,
  MAX_FILE_CHUNK_WIRE_BYTES,
  MAX_FILE_HEADER_BYTES,
  MalformedInputError,
  prepareFile,
  TooShortError,
  UnexpectedStreamTagError,
  UnsupportedVersionError,
  WrongFileError,
} from '../../src/index.ts';
import { text } from '../support/hex.ts';
import { content } from './fixtures.ts';

type ErrorClass = new (...args: never[]) => Error;

const { header: HEADER, chunks: CHUNKS } = prepareFile({ name: 'a.txt', bytes: content(70_000), mime: 'text/plain' });

/** A header's bytes built field by field without any check, so each row can break exactly one thing. */
function rawHeader(fields: {
  version?: number;
  size?: number;
  chunkCount?: number;
  name?: Uint8Array;
  mime?: Uint8Array;
}) {
  const { version = 0x03, size = HEADER.size, chunkCount = HEADER.chunkCount } = fields;
  const name = fields.name ?? text(HEADER.name);
  const mime = fields.mime ?? text(HEADER.mime);
  const numbers = new Uint8Array(8);
  new DataView(numbers.buffer).setUint32(0, size, false);
  new DataView(numbers.buffer).setUint32(4, chunkCount, false);
  return Uint8Array.from([
    version,
    ...HEADER.fileId,
    ...HEADER.key,
    ...HEADER.streamHeader,
    ...HEADER.sha256,
    ...numbers,
    name.length,
    ...name,
    mime.length,
    ...mime,
  ]);
}

const VALID = rawHeader({});
const name = (value: string) => rawHeader({ name: text(value) });

describe('decodeFileHeader', () => {
  test('reads the layout it documents, and encodeFileHeader writes it', () => {
    expect(encodeFileHeader(HEADER)).toEqual(VALID);
    expect(decodeFileHeader(VALID)).toEqual(HEADER);
    expect(MAX_FILE_HEADER_BYTES).toBe(625);
  });

  const rows: [string, Uint8Array, ErrorClass][] = [
    ['empty input', new Uint8Array(0), TooShortError],
    ['an unknown version', rawHeader({ version: 9 }), UnsupportedVersionError],
    ['a FileChunk offered as a header', CHUNKS[0] as Uint8Array, MalformedInputError],
    ['input cut inside the fixed fields', VALID.subarray(0, 100), TooShortError],
    ['input cut inside the mime', VALID.subarray(0, VALID.length - 1), TooShortError],
    ['a name length pointing past the end', rawHeader({ name: new Uint8Array(0) }).subarray(0, 114), TooShortError],
    ['a trailing byte', Uint8Array.from([...VALID, 0]), MalformedInputError],
    ['more than 625 bytes', new Uint8Array(626), InvalidFileHeaderError],
    ['chunkCount one too many', rawHeader({ chunkCount: 3 }), InvalidFileHeaderError],
    ['chunkCount one too few', rawHeader({ chunkCount: 1 }), InvalidFileHeaderError],
    ['chunkCount 0 for an empty file', rawHeader({ size: 0, chunkCount: 0 }), InvalidFileHeaderError],
    ['a size over 10 MiB', rawHeader({ size: MAX_FILE_BYTES + 1, chunkCount: 161 }), InvalidFileHeaderError],
    ['a size of 2^32 - 1', rawHeader({ size: 0xffffffff, chunkCount: 65_536 }), InvalidFileHeaderError],
    ['an empty name', name(''), InvalidFileNameError],
    ['a name with a slash', name('dir/a.txt'), InvalidFileNameError],
    ['a name with a backslash', name('..\\a.txt'), InvalidFileNameError],
    ['a name with NUL', name('a.txt\u0000.exe'), InvalidFileNameError],
    ['a name with a newline', name('a\n.txt'), InvalidFileNameError],
    ['a name with DEL', name('a\u007f.txt'), InvalidFileNameError],
    ['a name with a C1 control', name('a\u0085.txt'), InvalidFileNameError],
    ['a name with a right-to-left override', name('photo\u202egpj.exe'), InvalidFileNameError],
    ['the name ".."', name('..'), InvalidFileNameError],
    ['the name "."', name('.'), InvalidFileNameError],
    ['a name that is not UTF-8', rawHeader({ name: Uint8Array.of(0x61, 0xff) }), InvalidFileNameError],
    ['a name with an overlong "/"', rawHeader({ name: Uint8Array.of(0x61, 0xc0, 0xaf) }), InvalidFileNameError],
    ['a name with an encoded surrogate', rawHeader({ name: Uint8Array.of(0xed, 0xa0, 0x80) }), InvalidFileNameError],
    ['an empty mime', rawHeader({ mime: new Uint8Array(0) }), InvalidFileHeaderError],
    ['a mime without a subtype', rawHeader({ mime: text('text') }), InvalidFileHeaderError],
    ['a mime with parameters', rawHeader({ mime: text('text/plain; charset=utf-8') }), InvalidFileHeaderError],
    ['a mime with a non-ASCII byte', rawHeader({ mime: Uint8Array.of(0x61, 0x2f, 0xe9) }), InvalidFileHeaderError],
  ];

  test.each(rows)('refuses %s', (_name, bytes, error) => {
    expect(() => decodeFileHeader(bytes)).toThrow(error);
  });

  test('accepts names at the edges: 255 UTF-8 bytes, emoji, dots and spaces', () => {
    for (const value of [
      `${'é'.repeat(127)}a`,
      '👨\u200d👩\u200d👧 family.png',
      '...',
      '.hidden',
      ' a b ',
      '\ufeffbom.txt',
    ])
      expect(decodeFileHeader(name(value)).name).toBe(value);
  });
});

describe('encodeFileHeader and prepareFile refuse what decodeFileHeader would', () => {
  const rows: [string, Parameters<typeof prepareFile>[0], ErrorClass][] = [
    ['a 256-byte name', { name: 'a'.repeat(256), bytes: new Uint8Array(1) }, InvalidFileNameError],
    ['a name with a lone surrogate', { name: 'a\ud800.txt', bytes: new Uint8Array(1) }, InvalidFileNameError],
    ['a path', { name: 'docs/a.txt', bytes: new Uint8Array(1) }, InvalidFileNameError],
    ['a mime with parameters', { name: 'a', bytes: new Uint8Array(1), mime: 'text/plain;q=1' }, InvalidFileHeaderError],
    ['a file over 10 MiB', { name: 'a', bytes: new Uint8Array(MAX_FILE_BYTES + 1) }, FileTooLargeError],
  ];

  test.each(rows)('prepareFile refuses %s', (_name, input, error) => {
    expect(() => prepareFile(input)).toThrow(error);
  });

  test.each([
    ['a short fileId', { ...HEADER, fileId: new Uint8Array(15) }],
    ['a short sha256', { ...HEADER, sha256: new Uint8Array(31) }],
    ['a long key', { ...HEADER, key: new Uint8Array(33) }],
    ['a short stream header', { ...HEADER, streamHeader: new Uint8Array(23) }],
    ['a fractional size', { ...HEADER, size: 1.5 }],
    ['a negative size', { ...HEADER, size: -1, chunkCount: 1 }],
    ['an inconsistent chunkCount', { ...HEADER, chunkCount: 7 }],
    ['a bad name', { ...HEADER, name: 'a/b' }],
  ])('encodeFileHeader refuses %s', (_name, header) => {
    expect(() => encodeFileHeader(header)).toThrow(InvalidFileHeaderError);
  });
});

describe('decodeFileChunk', () => {
  const VALID_CHUNK = CHUNKS[1] as Uint8Array;
  const withU32 = (at: number, value: number) => {
    const copy = VALID_CHUNK.slice();
    new DataView(copy.buffer).setUint32(at, value, false);
    return copy;
  };

  test('reads version ‖ fileId ‖ index ‖ ciphertext, and encodeFileChunk writes it back', () => {
    const decoded = decodeFileChunk(VALID_CHUNK);
    expect(decoded).toEqual({ fileId: HEADER.fileId, index: 1, ciphertext: VALID_CHUNK.subarray(21) });
    expect(encodeFileChunk(decoded)).toEqual(VALID_CHUNK);
  });

  const rows: [string, Uint8Array, ErrorClass][] = [
    ['empty input', new Uint8Array(0), TooShortError],
    ['input cut inside the file id', VALID_CHUNK.subarray(0, 10), TooShortError],
    ['input cut inside the index', VALID_CHUNK.subarray(0, 19), TooShortError],
    ['an unknown version', Uint8Array.from([9, ...VALID_CHUNK.subarray(1)]), UnsupportedVersionError],
    ['a FileHeader offered as a chunk', VALID, UnsupportedVersionError],
    ['no ciphertext', VALID_CHUNK.subarray(0, 21), MalformedInputError],
    ['a ciphertext shorter than the 17-byte overhead', VALID_CHUNK.subarray(0, 21 + 16), MalformedInputError],
    ['index 160 (a file has at most 160 chunks)', withU32(17, 160), MalformedInputError],
    ['index 2^32 - 1', withU32(17, 0xffffffff), MalformedInputError],
    ['more than 65,536 + 38 bytes', new Uint8Array(MAX_FILE_CHUNK_WIRE_BYTES + 1).fill(4), MalformedInputError],
  ];

  test.each(rows)('refuses %s', (_name, bytes, error) => {
    expect(() => decodeFileChunk(bytes)).toThrow(error);
  });

  test.each([
    ['a short fileId', { fileId: new Uint8Array(15), index: 0, ciphertext: new Uint8Array(17) }],
    ['index 160', { fileId: HEADER.fileId, index: 160, ciphertext: new Uint8Array(17) }],
    ['a ciphertext under 17 bytes', { fileId: HEADER.fileId, index: 0, ciphertext: new Uint8Array(16) }],
    ['a ciphertext over 65,553 bytes', { fileId: HEADER.fileId, index: 0, ciphertext: new Uint8Array(65_554) }],
  ])('encodeFileChunk refuses %s', (_name, chunk) => {
    expect(() => encodeFileChunk(chunk)).toThrow(MalformedInputError);
  });
});

test('every file error is a ChatSdkError with its stable code', () => {
  const errors: [ChatSdkError, string][] = [
    [new FileTooLargeError(1, 0), 'file_too_large'],
    [new InvalidFileHeaderError('x'), 'invalid_file_header'],
    [new InvalidFileNameError('x'), 'invalid_file_name'],
    [new WrongFileError(), 'wrong_file'],
    [new ChunkIndexOutOfRangeError(3, 3), 'chunk_index_out_of_range'],
    [new DuplicateChunkError(0), 'duplicate_chunk'],
    [new ChunkSizeMismatchError(0, 1, 2), 'chunk_size_mismatch'],
    [new ChunkDecryptionError(0), 'chunk_decryption_failed'],
    [new FileTruncatedError(0), 'file_truncated'],
    [new UnexpectedStreamTagError(0, 3), 'unexpected_stream_tag'],
    [new FileIncompleteError(1, 2), 'file_incomplete'],
    [new FileIntegrityError('x'), 'file_integrity_failed'],
  ];
  expect(errors.map(([error]) => [error instanceof ChatSdkError, error.code])).toEqual(
    errors.map(([, code]) => [true, code]),
  );
  expect(new InvalidFileNameError('x')).toBeInstanceOf(MalformedInputError);
});
