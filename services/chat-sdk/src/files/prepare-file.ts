// The sending side: one plaintext file becomes a header for the ratchet and the FileChunk bodies for the relay.

import { sha256 } from '@noble/hashes/sha2.js';
import { sodium } from '../crypto/sodium.ts';
import { chunkCountFor, FILE_CHUNK_BYTES, MAX_FILE_BYTES } from './chunk-layout.ts';
import { chunkPrefix, encodeFileChunk } from './file-chunk-codec.ts';
import { FileTooLargeError } from './file-errors.ts';
import { checkFileName, checkMime, DEFAULT_MIME, FILE_ID_BYTES, type FileHeader } from './file-header.ts';
import { generateStreamKey, StreamPusher } from './secretstream.ts';

export interface FileInput {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** RFC 6838 type/subtype without parameters; DEFAULT_MIME when absent. */
  readonly mime?: string;
}

export interface PreparedFile {
  /** Send with encodeFileHeader through the Double Ratchet, so only the recipient learns the key. */
  readonly header: FileHeader;
  /** FileChunk wire bodies in index order; the relay may deliver them in any order. */
  readonly chunks: readonly Uint8Array[];
}

/** Encrypts a file under a fresh key; a file over MAX_FILE_BYTES is refused before any work. */
export function prepareFile(input: FileInput): PreparedFile {
  const { name, bytes } = input;
  if (bytes.length > MAX_FILE_BYTES) throw new FileTooLargeError(bytes.length, MAX_FILE_BYTES);
  const mime = input.mime ?? DEFAULT_MIME;
  checkFileName(name);
  checkMime(mime);

  const fileId = sodium.randombytes_buf(FILE_ID_BYTES);
  const key = generateStreamKey();
  const stream = new StreamPusher(key);
  const chunkCount = chunkCountFor(bytes.length);
  const chunks: Uint8Array[] = [];
  for (let index = 0; index < chunkCount; index++) {
    const plaintext = bytes.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
    const ciphertext = stream.push(plaintext, chunkPrefix(fileId, index), index === chunkCount - 1);
    chunks.push(encodeFileChunk({ fileId, index, ciphertext }));
  }
  const header = {
    fileId,
    name,
    mime,
    size: bytes.length,
    sha256: sha256(bytes),
    chunkCount,
    key,
    streamHeader: stream.header,
  };
  return { header, chunks };
}
