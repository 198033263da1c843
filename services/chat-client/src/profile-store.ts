// ProfileStore: the files of one profile directory, each written atomically (temp file, then rename), owner-only.
//
//   seed.keel              the seed sealed under the passphrase (@keel/identity's seed file)
//   state.json             server URL, token and expiry, signed prekey id, contacts' aliases, handled server ids
//   prekeys.sealed         the prekey store's secrets, sealed with the history key ("KCPS")
//   sessions/<fp>.session  one Double Ratchet session per peer, sealed with the SDK's sealSession
//   incoming/<fp>/<file>/  a file being received: its sealed header ("KCFH") and the chunks as they came (ciphertext)
//   downloads/             received files, verified

import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Owner read/write only: everything here is either sealed or a bearer token. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
export const STATE_VERSION = 1;

export interface ProfileState {
  readonly version: typeof STATE_VERSION;
  server: string | null;
  token: string | null;
  /** ISO 8601, as the server gave it. */
  tokenExpiresAt: string | null;
  signedPrekeyId: number | null;
  alias: string | null;
  /** Aliases learnt from bundles, member lists and join notices, by fingerprint. */
  contacts: Record<string, string | null>;
  /** The most recent server ids already handled, oldest first, so a redelivery is acknowledged and dropped. */
  handled: number[];
}

export function emptyState(): ProfileState {
  return {
    version: STATE_VERSION,
    server: null,
    token: null,
    tokenExpiresAt: null,
    signedPrekeyId: null,
    alias: null,
    contacts: {},
    handled: [],
  };
}

/** A fingerprint as a file name: colons are not portable in names. */
function fileName(fingerprint: string): string {
  return fingerprint.replaceAll(':', '-');
}

export class ProfileStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  get seedPath(): string {
    return join(this.dir, 'seed.keel');
  }

  get downloadsDir(): string {
    return join(this.dir, 'downloads');
  }

  async create(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
  }

  async exists(): Promise<boolean> {
    return Bun.file(this.seedPath).exists();
  }

  async readState(): Promise<ProfileState> {
    const file = Bun.file(join(this.dir, 'state.json'));
    if (!(await file.exists())) return emptyState();
    const state = (await file.json()) as ProfileState;
    if (state.version !== STATE_VERSION) throw new Error(`state.json has version ${state.version}`);
    return state;
  }

  writeState(state: ProfileState): Promise<void> {
    return this.#write(join(this.dir, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
  }

  readPrekeys(): Promise<Uint8Array | null> {
    return this.#read(join(this.dir, 'prekeys.sealed'));
  }

  writePrekeys(sealed: Uint8Array): Promise<void> {
    return this.#write(join(this.dir, 'prekeys.sealed'), sealed);
  }

  readSession(peer: string): Promise<Uint8Array | null> {
    return this.#read(join(this.dir, 'sessions', `${fileName(peer)}.session`));
  }

  async writeSession(peer: string, sealed: Uint8Array): Promise<void> {
    await mkdir(join(this.dir, 'sessions'), { recursive: true, mode: DIR_MODE });
    await this.#write(join(this.dir, 'sessions', `${fileName(peer)}.session`), sealed);
  }

  #incoming(sender: string, fileId: string): string {
    return join(this.dir, 'incoming', fileName(sender), fileId);
  }

  async writeIncoming(sender: string, fileId: string, name: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.#incoming(sender, fileId), { recursive: true, mode: DIR_MODE });
    await this.#write(join(this.#incoming(sender, fileId), name), bytes);
  }

  readIncoming(sender: string, fileId: string, name: string): Promise<Uint8Array | null> {
    return this.#read(join(this.#incoming(sender, fileId), name));
  }

  async listIncoming(sender: string, fileId: string): Promise<string[]> {
    try {
      return await readdir(this.#incoming(sender, fileId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async removeIncoming(sender: string, fileId: string): Promise<void> {
    await rm(this.#incoming(sender, fileId), { recursive: true, force: true });
  }

  /** Writes a received file under downloads/, never over an existing one (`name (1).ext` ...); returns its path. */
  async saveDownload(name: string, bytes: Uint8Array): Promise<string> {
    await mkdir(this.downloadsDir, { recursive: true, mode: DIR_MODE });
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 0; ; n++) {
      const path = join(this.downloadsDir, n === 0 ? name : `${stem} (${n})${ext}`);
      try {
        await writeFile(path, bytes, { mode: FILE_MODE, flag: 'wx' });
        return path;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  async #read(path: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async #write(path: string, data: Uint8Array | string): Promise<void> {
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, data, { mode: FILE_MODE });
    await rename(temporary, path);
  }
}
