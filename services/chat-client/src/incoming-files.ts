// IncomingFiles: files arriving as a FileHeader (through the ratchet) and FileChunks (in any order, possibly across
// several runs): staged on disk in the profile until complete, then decrypted, verified and saved to downloads/.

import { decodeFileChunk, decodeFileHeader, encodeFileHeader, type FileHeader, FileReceiver } from '@keel/chat-sdk';
import type { ProfileStore } from './profile-store.ts';
import { openBlob, sealBlob } from './sealed-blob.ts';

const HEADER_FILE = 'header.sealed';
const CHUNK_SUFFIX = '.chunk';

export interface ReceivedFile {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly mime: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export class IncomingFiles {
  readonly #store: ProfileStore;
  readonly #historyKey: Uint8Array;

  constructor(store: ProfileStore, historyKey: Uint8Array) {
    this.#store = store;
    this.#historyKey = historyKey;
  }

  /** A decrypted FileHeader plaintext from `sender`; the saved file once every chunk is there, else null. */
  async header(sender: string, plaintext: Uint8Array): Promise<ReceivedFile | null> {
    const header = decodeFileHeader(plaintext);
    const sealed = await sealBlob(this.#historyKey, 'KCFH', encodeFileHeader(header));
    await this.#store.writeIncoming(sender, hex(header.fileId), HEADER_FILE, sealed);
    return this.#assemble(sender, hex(header.fileId));
  }

  /** A FileChunk body from `sender` (still encrypted under the file's key); the saved file once complete, else null. */
  async chunk(sender: string, body: Uint8Array): Promise<ReceivedFile | null> {
    const { fileId, index } = decodeFileChunk(body);
    await this.#store.writeIncoming(sender, hex(fileId), `${index}${CHUNK_SUFFIX}`, body);
    return this.#assemble(sender, hex(fileId));
  }

  async #assemble(sender: string, fileId: string): Promise<ReceivedFile | null> {
    const sealed = await this.#store.readIncoming(sender, fileId, HEADER_FILE);
    if (sealed === null) return null;
    const header: FileHeader = decodeFileHeader(await openBlob(this.#historyKey, 'KCFH', sealed));
    const chunks = (await this.#store.listIncoming(sender, fileId)).filter((name) => name.endsWith(CHUNK_SUFFIX));
    if (chunks.length < header.chunkCount) return null;
    let bytes: Uint8Array;
    try {
      const receiver = new FileReceiver(header);
      for (let index = 0; index < header.chunkCount; index++) {
        const body = await this.#store.readIncoming(sender, fileId, `${index}${CHUNK_SUFFIX}`);
        if (body === null) return null;
        receiver.receive(body);
      }
      // finish() checks the size and the SHA-256 the sender put in the header.
      bytes = receiver.finish();
    } catch (error) {
      // A chunk that fails authentication or a digest that does not match ends this transfer for good.
      await this.#store.removeIncoming(sender, fileId);
      throw error;
    }
    const path = await this.#store.saveDownload(header.name, bytes);
    await this.#store.removeIncoming(sender, fileId);
    return { path, name: header.name, size: header.size, mime: header.mime };
  }
}
