// The receiving side of one file: takes FileChunk bodies in any order, decrypts them in stream order, checks the whole.
//
// Framing refusals (another file, an index out of range, a duplicate, a wrong length, malformed bytes) leave the
// receiver unchanged: anyone who sees a chunk on the wire can forge one. A chunk that reaches the stream and fails
// there (authentication, stream tag, final digest) ends the transfer: that error is thrown again by every later call.
//
// Memory: each index is accepted once and only at the exact length the header's size gives it, so the decrypted
// chunks plus the ciphertexts that arrived early never exceed header.size + 17 × chunkCount (≤ 10 MiB + 2,720).

import { sha256 } from '@noble/hashes/sha2.js';
import { concat } from '../crypto/kdf.ts';
import { sodium } from '../crypto/sodium.ts';
import type { ChatSdkError } from '../errors.ts';
import { chunkPlaintextBytes } from './chunk-layout.ts';
import { chunkPrefix, decodeFileChunk } from './file-chunk-codec.ts';
import {
  ChunkDecryptionError,
  ChunkIndexOutOfRangeError,
  ChunkSizeMismatchError,
  DuplicateChunkError,
  FileIncompleteError,
  FileIntegrityError,
  FileTruncatedError,
  UnexpectedStreamTagError,
  WrongFileError,
} from './file-errors.ts';
import { checkFileHeader, type FileHeader } from './file-header.ts';
import { STREAM_ABYTES, StreamPuller, TAG_FINAL, TAG_MESSAGE } from './secretstream.ts';

export class FileReceiver {
  readonly #fileId: Uint8Array;
  readonly #size: number;
  readonly #chunkCount: number;
  readonly #sha256: Uint8Array;
  readonly #stream: StreamPuller;
  readonly #hash = sha256.create();
  /** Ciphertexts that arrived before their turn, by index. */
  readonly #early = new Map<number, Uint8Array>();
  /** Plaintext of chunks 0 .. next-1. */
  readonly #plaintext: Uint8Array[] = [];
  #next = 0;
  #failure: ChatSdkError | null = null;

  /** Throws InvalidFileHeaderError (or InvalidFileNameError) for a header that decodeFileHeader would refuse. */
  constructor(header: FileHeader) {
    checkFileHeader(header);
    this.#fileId = header.fileId.slice();
    this.#size = header.size;
    this.#chunkCount = header.chunkCount;
    this.#sha256 = header.sha256.slice();
    this.#stream = new StreamPuller(header.key, header.streamHeader);
  }

  /** Every chunk has arrived and decrypted; finish() may be called. */
  get done(): boolean {
    return this.#failure === null && this.#next === this.#chunkCount;
  }

  /** Takes one FileChunk body; chunks may come in any order, those ahead of the stream wait in memory. */
  receive(bytes: Uint8Array): void {
    if (this.#failure !== null) throw this.#failure;
    const { fileId, index, ciphertext } = decodeFileChunk(bytes);
    if (!sodium.memcmp(fileId, this.#fileId)) throw new WrongFileError();
    if (index >= this.#chunkCount) throw new ChunkIndexOutOfRangeError(index, this.#chunkCount);
    if (index < this.#next || this.#early.has(index)) throw new DuplicateChunkError(index);
    const expected = chunkPlaintextBytes(this.#size, index) + STREAM_ABYTES;
    if (ciphertext.length !== expected) throw new ChunkSizeMismatchError(index, expected, ciphertext.length);

    this.#early.set(index, ciphertext);
    for (let next = this.#early.get(this.#next); next !== undefined; next = this.#early.get(this.#next)) {
      this.#early.delete(this.#next);
      this.#open(next);
    }
  }

  /** The whole plaintext, once done and only if its size and SHA-256 match the header. */
  finish(): Uint8Array {
    if (this.#failure !== null) throw this.#failure;
    const missing = this.#chunkCount - this.#next - this.#early.size;
    if (this.#next !== this.#chunkCount) throw new FileIncompleteError(missing, this.#chunkCount);
    const plaintext = concat(this.#plaintext);
    if (plaintext.length !== this.#size)
      this.#fail(new FileIntegrityError(`the file has ${plaintext.length} bytes; the header says ${this.#size}`));
    if (!sodium.memcmp(this.#hash.clone().digest(), this.#sha256))
      this.#fail(new FileIntegrityError("the file's SHA-256 does not match the header"));
    return plaintext;
  }

  /** Feeds the next chunk in stream order; TAG_FINAL on the header's last chunk and on no other. */
  #open(ciphertext: Uint8Array): void {
    const index = this.#next;
    const opened = this.#stream.pull(ciphertext, chunkPrefix(this.#fileId, index));
    if (opened === null) this.#fail(new ChunkDecryptionError(index));
    const last = index === this.#chunkCount - 1;
    if (last && opened.tag !== TAG_FINAL) this.#fail(new FileTruncatedError(index));
    if (!last && opened.tag !== TAG_MESSAGE) this.#fail(new UnexpectedStreamTagError(index, opened.tag));
    this.#plaintext.push(opened.plaintext);
    this.#hash.update(opened.plaintext);
    this.#next++;
  }

  #fail(error: ChatSdkError): never {
    this.#failure = error;
    this.#early.clear();
    this.#plaintext.length = 0;
    throw error;
  }
}
