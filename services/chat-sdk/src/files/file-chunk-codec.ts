// The FileChunk wire body, relayed by the server as opaque bytes; its 21-byte prefix is the chunk's associated data.
//
//   format 0x04 ‖ fileId (16) ‖ index (u32 BE, 0 .. 159) ‖ secretstream ciphertext (17 .. 65,536 + 17)

import { ByteReader } from '../codec/byte-reader.ts';
import { ByteWriter } from '../codec/byte-writer.ts';
import { MalformedInputError, UnsupportedVersionError } from '../errors.ts';
import { FILE_CHUNK_BYTES, MAX_FILE_CHUNKS } from './chunk-layout.ts';
import { FILE_ID_BYTES } from './file-header.ts';
import { STREAM_ABYTES } from './secretstream.ts';

/** Follows FILE_HEADER_VERSION (0x03). */
export const FILE_CHUNK_VERSION = 0x04;
const PREFIX_BYTES = 1 + FILE_ID_BYTES + 4;
const MAX_CIPHERTEXT_BYTES = FILE_CHUNK_BYTES + STREAM_ABYTES;
/** 65,574: the largest FileChunk body, 65,536 + 38. */
export const MAX_FILE_CHUNK_WIRE_BYTES = PREFIX_BYTES + MAX_CIPHERTEXT_BYTES;

export interface FileChunk {
  readonly fileId: Uint8Array;
  readonly index: number;
  readonly ciphertext: Uint8Array;
}

/** version ‖ fileId ‖ index: authenticated by secretstream, so no byte of a chunk can change unnoticed. */
export function chunkPrefix(fileId: Uint8Array, index: number): Uint8Array {
  return new ByteWriter().u8(FILE_CHUNK_VERSION).bytes(fileId).u32(index).finish();
}

/** Refuses (MalformedInputError) any chunk that would not decode to itself. */
export function encodeFileChunk(chunk: FileChunk): Uint8Array {
  const fail = (message: string) => new MalformedInputError('file chunk', message);
  if (chunk.fileId.length !== FILE_ID_BYTES) throw fail(`fileId must be ${FILE_ID_BYTES} bytes`);
  if (!Number.isInteger(chunk.index) || chunk.index < 0 || chunk.index >= MAX_FILE_CHUNKS)
    throw fail(`index ${chunk.index} is not in 0 .. ${MAX_FILE_CHUNKS - 1}`);
  if (chunk.ciphertext.length < STREAM_ABYTES || chunk.ciphertext.length > MAX_CIPHERTEXT_BYTES)
    throw fail(`ciphertext of ${chunk.ciphertext.length} bytes is not in ${STREAM_ABYTES} .. ${MAX_CIPHERTEXT_BYTES}`);
  return new ByteWriter().bytes(chunkPrefix(chunk.fileId, chunk.index)).bytes(chunk.ciphertext).finish();
}

/** A well-formed chunk, or a MalformedInputError subclass; whether it belongs to a file is FileReceiver's check. */
export function decodeFileChunk(bytes: Uint8Array): FileChunk {
  if (bytes.length > MAX_FILE_CHUNK_WIRE_BYTES)
    throw new MalformedInputError(
      'file chunk',
      `${bytes.length} bytes; a chunk has at most ${MAX_FILE_CHUNK_WIRE_BYTES}`,
    );
  const reader = new ByteReader(bytes, 'file chunk');
  const version = reader.u8();
  if (version !== FILE_CHUNK_VERSION) throw new UnsupportedVersionError('file chunk', version, FILE_CHUNK_VERSION);
  const fileId = reader.bytes(FILE_ID_BYTES);
  const index = reader.u32();
  if (index >= MAX_FILE_CHUNKS) reader.fail(`index ${index} is not in 0 .. ${MAX_FILE_CHUNKS - 1}`);
  if (reader.remaining < STREAM_ABYTES)
    reader.fail(`ciphertext of ${reader.remaining} bytes is shorter than the ${STREAM_ABYTES}-byte overhead`);
  return { fileId, index, ciphertext: reader.rest() };
}
