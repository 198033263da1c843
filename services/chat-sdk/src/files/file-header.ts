// The file header: what the recipient needs to receive one file, sent through the Double Ratchet, and its checks.

import { chunkCountFor, MAX_FILE_BYTES } from './chunk-layout.ts';
import { InvalidFileHeaderError, InvalidFileNameError } from './file-errors.ts';
import { STREAM_HEADER_BYTES, STREAM_KEY_BYTES } from './secretstream.ts';

export const FILE_ID_BYTES = 16;
export const SHA256_BYTES = 32;
/** The name's length is one byte on the wire. */
export const MAX_FILE_NAME_BYTES = 255;
/** What a file without a stated type is (RFC 2046 §4.5.1). */
export const DEFAULT_MIME = 'application/octet-stream';

export interface FileHeader {
  /** Random; names the file's chunks on the wire. */
  readonly fileId: Uint8Array;
  /** The sender's file name: a single path component, never a path. */
  readonly name: string;
  /** The sender's claim about the content; a client must not trust it to decide how to open the file. */
  readonly mime: string;
  /** Plaintext bytes, 0 .. MAX_FILE_BYTES. */
  readonly size: number;
  /** SHA-256 of the whole plaintext. */
  readonly sha256: Uint8Array;
  /** ceil(size / 64 KiB), 1 for an empty file. */
  readonly chunkCount: number;
  /** The file's secretstream key, fresh per file; only the recipient of the ratchet message learns it. */
  readonly key: Uint8Array;
  /** The secretstream header (its nonce) from init_push. */
  readonly streamHeader: Uint8Array;
}

/** C0, DEL and C1 controls, and the bidirectional formatting characters that disguise an extension ("gpj.exe"). */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** RFC 6838 §4.2 restricted names, type "/" subtype, without parameters. */
const MIME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

/** A name that is safe to show and to use as one path component on any platform, once decoded. */
export function checkFileName(name: string): void {
  if (name.length === 0) throw new InvalidFileNameError('is empty');
  if (!name.isWellFormed()) throw new InvalidFileNameError('holds a lone UTF-16 surrogate');
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MAX_FILE_NAME_BYTES)
    throw new InvalidFileNameError(`has ${bytes} UTF-8 bytes; at most ${MAX_FILE_NAME_BYTES} are allowed`);
  if (name.includes('/') || name.includes('\\')) throw new InvalidFileNameError('holds a path separator');
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) throw new InvalidFileNameError('holds a control character');
  if (name === '.' || name === '..') throw new InvalidFileNameError(`"${name}" names a directory`);
}

export function checkMime(mime: string): void {
  if (!MIME.test(mime)) throw new InvalidFileHeaderError('mime is not a type/subtype of RFC 6838 token characters');
}

/** Every field in range and consistent with the others; a header that passes encodes and decodes to itself. */
export function checkFileHeader(header: FileHeader): void {
  checkLength('fileId', header.fileId, FILE_ID_BYTES);
  checkLength('sha256', header.sha256, SHA256_BYTES);
  checkLength('key', header.key, STREAM_KEY_BYTES);
  checkLength('streamHeader', header.streamHeader, STREAM_HEADER_BYTES);
  const { size, chunkCount } = header;
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_FILE_BYTES)
    throw new InvalidFileHeaderError(`size ${size} is not an integer in 0 .. ${MAX_FILE_BYTES}`);
  if (chunkCount !== chunkCountFor(size))
    throw new InvalidFileHeaderError(`chunkCount ${chunkCount} does not match size ${size} (${chunkCountFor(size)})`);
  checkFileName(header.name);
  checkMime(header.mime);
}

function checkLength(field: string, value: Uint8Array, length: number): void {
  if (!(value instanceof Uint8Array) || value.length !== length)
    throw new InvalidFileHeaderError(`${field} must be ${length} bytes`);
}
