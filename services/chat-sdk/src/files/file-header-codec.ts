// The FileHeader encoding, carried as the plaintext of a ratchet message (the recipient alone learns the key).
//
//   format 0x03 ‖ fileId (16) ‖ key (32) ‖ streamHeader (24) ‖ sha256 (32) ‖ size (u32 BE) ‖ chunkCount (u32 BE)
//     ‖ name length (u8, 1 .. 255) ‖ name (UTF-8) ‖ mime length (u8, 3 .. 255) ‖ mime (ASCII)         ≤ 625 bytes

import { ByteReader } from '../codec/byte-reader.ts';
import { ByteWriter } from '../codec/byte-writer.ts';
import { UnsupportedVersionError } from '../errors.ts';
import { InvalidFileHeaderError, InvalidFileNameError } from './file-errors.ts';
import { checkFileHeader, FILE_ID_BYTES, type FileHeader, MAX_FILE_NAME_BYTES, SHA256_BYTES } from './file-header.ts';
import { STREAM_HEADER_BYTES, STREAM_KEY_BYTES } from './secretstream.ts';

/** Follows the ratchet's 0x01 and 0x02 so no chat SDK structure parses as another. */
export const FILE_HEADER_VERSION = 0x03;
const MAX_MIME_BYTES = 255;
export const MAX_FILE_HEADER_BYTES =
  1 +
  FILE_ID_BYTES +
  STREAM_KEY_BYTES +
  STREAM_HEADER_BYTES +
  SHA256_BYTES +
  4 +
  4 +
  1 +
  MAX_FILE_NAME_BYTES +
  1 +
  MAX_MIME_BYTES;

/** Refuses (InvalidFileHeaderError) any header that would not decode to itself. */
export function encodeFileHeader(header: FileHeader): Uint8Array {
  checkFileHeader(header);
  const name = new TextEncoder().encode(header.name);
  const mime = new TextEncoder().encode(header.mime);
  return new ByteWriter()
    .u8(FILE_HEADER_VERSION)
    .bytes(header.fileId)
    .bytes(header.key)
    .bytes(header.streamHeader)
    .bytes(header.sha256)
    .u32(header.size)
    .u32(header.chunkCount)
    .u8(name.length)
    .bytes(name)
    .u8(mime.length)
    .bytes(mime)
    .finish();
}

/** A complete, consistent header, or a MalformedInputError subclass; never a partly checked value. */
export function decodeFileHeader(bytes: Uint8Array): FileHeader {
  if (bytes.length > MAX_FILE_HEADER_BYTES)
    throw new InvalidFileHeaderError(`${bytes.length} bytes; a header has at most ${MAX_FILE_HEADER_BYTES}`);
  const reader = new ByteReader(bytes, 'file header');
  const version = reader.u8();
  if (version !== FILE_HEADER_VERSION) throw new UnsupportedVersionError('file header', version, FILE_HEADER_VERSION);
  const fileId = reader.bytes(FILE_ID_BYTES);
  const key = reader.bytes(STREAM_KEY_BYTES);
  const streamHeader = reader.bytes(STREAM_HEADER_BYTES);
  const sha256 = reader.bytes(SHA256_BYTES);
  const size = reader.u32();
  const chunkCount = reader.u32();
  const name = decodeName(reader.bytes(reader.u8()));
  // windows-1252 maps every byte above 0x7F outside ASCII, so checkMime refuses any non-ASCII mime byte.
  const mime = new TextDecoder('latin1').decode(reader.bytes(reader.u8()));
  reader.end();
  const header = { fileId, name, mime, size, sha256, chunkCount, key, streamHeader };
  checkFileHeader(header);
  return header;
}

function decodeName(bytes: Uint8Array): string {
  try {
    // ignoreBOM keeps a leading U+FEFF, so the decoded name re-encodes to exactly these bytes.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // A fatal TextDecoder throws a bare TypeError for invalid UTF-8; it becomes the typed error here.
    throw new InvalidFileNameError('is not valid UTF-8');
  }
}
