// How a file is cut into chunks: the plaintext chunk size, the file size limit and the per-index chunk lengths.

/** 64 KiB of plaintext per chunk: small enough to relay as one message, large enough that the 38-byte overhead is <0.1%. */
export const FILE_CHUNK_BYTES = 65_536;
/** 10 MiB per file: the receiver holds the whole file in memory until `finish`, so this bounds its memory. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** 160: the chunk count of a file of exactly MAX_FILE_BYTES. */
export const MAX_FILE_CHUNKS = MAX_FILE_BYTES / FILE_CHUNK_BYTES;

/** ceil(size / 64 KiB), and 1 for an empty file, which is sent as one empty final chunk. */
export function chunkCountFor(size: number): number {
  return Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES));
}

/** Plaintext bytes in chunk `index` of a file of `size` bytes: 64 KiB except for the last chunk. */
export function chunkPlaintextBytes(size: number, index: number): number {
  return Math.min(FILE_CHUNK_BYTES, size - index * FILE_CHUNK_BYTES);
}
