// The file-transfer errors: every refusal of a file, a header or a chunk, each with a stable string `code`.

import { ChatSdkError, MalformedInputError } from '../errors.ts';

/** prepareFile was given more than MAX_FILE_BYTES; refused before any key is drawn or byte encrypted. */
export class FileTooLargeError extends ChatSdkError {
  readonly size: number;

  constructor(size: number, max: number) {
    super('file_too_large', `the file has ${size} bytes; at most ${max} may be sent`);
    this.size = size;
  }
}

/** A file header that is not well formed or not self-consistent (size, chunk count, key lengths, mime). */
export class InvalidFileHeaderError extends MalformedInputError {
  constructor(message: string, code = 'invalid_file_header') {
    super('file header', message, code);
  }
}

/** A file name that is empty, over 255 UTF-8 bytes, a path (`/`, `\`, `.`, `..`) or holds control characters. */
export class InvalidFileNameError extends InvalidFileHeaderError {
  constructor(message: string) {
    super(`name ${message}`, 'invalid_file_name');
  }
}

/** The chunk carries another file's id; the receiver is unchanged. */
export class WrongFileError extends ChatSdkError {
  constructor() {
    super('wrong_file', 'the chunk belongs to another file');
  }
}

/** The chunk's index is not below the header's chunk count; the receiver is unchanged. */
export class ChunkIndexOutOfRangeError extends ChatSdkError {
  readonly index: number;

  constructor(index: number, chunkCount: number) {
    super('chunk_index_out_of_range', `chunk ${index} is out of range: the file has ${chunkCount} chunks`);
    this.index = index;
  }
}

/** A chunk with this index was already received; the receiver is unchanged. */
export class DuplicateChunkError extends ChatSdkError {
  readonly index: number;

  constructor(index: number) {
    super('duplicate_chunk', `chunk ${index} was already received`);
    this.index = index;
  }
}

/** The chunk's ciphertext length is not the one the header's size gives its index; the receiver is unchanged. */
export class ChunkSizeMismatchError extends ChatSdkError {
  readonly index: number;

  constructor(index: number, expected: number, actual: number) {
    super('chunk_size_mismatch', `chunk ${index} has ${actual} ciphertext bytes; the header implies ${expected}`);
    this.index = index;
  }
}

/** The chunk does not authenticate in this file's stream: tampered, relabelled, reordered or under a wrong key. */
export class ChunkDecryptionError extends ChatSdkError {
  readonly index: number;

  constructor(index: number) {
    super('chunk_decryption_failed', `chunk ${index} does not authenticate in this file's stream`);
    this.index = index;
  }
}

/** The chunk the header calls last does not end the stream (TAG_FINAL missing): the file was cut short. */
export class FileTruncatedError extends ChatSdkError {
  constructor(index: number) {
    super('file_truncated', `chunk ${index} is the last one in the header but does not end the stream`);
  }
}

/** A chunk before the last carries a stream tag other than TAG_MESSAGE (an early end or a rekey). */
export class UnexpectedStreamTagError extends ChatSdkError {
  readonly index: number;

  constructor(index: number, tag: number) {
    super('unexpected_stream_tag', `chunk ${index} carries stream tag ${tag}; only the last chunk may end the stream`);
    this.index = index;
  }
}

/** finish() was called before every chunk arrived. */
export class FileIncompleteError extends ChatSdkError {
  readonly missing: number;

  constructor(missing: number, chunkCount: number) {
    super('file_incomplete', `${missing} of ${chunkCount} chunks have not arrived`);
    this.missing = missing;
  }
}

/** The reassembled plaintext does not have the header's size or SHA-256. */
export class FileIntegrityError extends ChatSdkError {
  constructor(message: string) {
    super('file_integrity_failed', message);
  }
}
