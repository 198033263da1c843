// ChatClient: one identity's chat profile on disk and its conversations with a chat server: registration, login,
// direct texts and files, groups, and receiving over the WebSocket (or by polling).

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import {
  encodeFileHeader,
  encryptMessage,
  MAX_FILE_BYTES,
  PREKEY_MESSAGE_VERSION,
  prepareFile,
  type Session,
  startSession,
} from '@keel/chat-sdk';
import {
  deriveKeys,
  fingerprint,
  generateSeed,
  type IdentityKeys,
  type KdfParams,
  mnemonicToSeed,
  parseFingerprint,
  readSeedFile,
  seedToMnemonic,
  writeSeedFile,
} from '@keel/identity';
import { systemTimers, type Timers } from '@keel/kit';
import sodium from 'libsodium-wrappers';
import { toBase64 } from './base64.ts';
import { bundleFromJson } from './bundle-json.ts';
import { ChatApi, type FetchLike, type Member, type QueuedMessageJson } from './chat-api.ts';
import { FileInputError, IdentityMismatchError, ProfileError, ServerError } from './errors.ts';
import { InboxConnectError, readInbox } from './inbox-socket.ts';
import { IncomingFiles } from './incoming-files.ts';
import { MessageOpener, type ReceivedContent, type ReceivedItem } from './message-opener.ts';
import { PrekeyKeeper } from './prekey-keeper.ts';
import { type ProfileState, ProfileStore } from './profile-store.ts';
import { safetyNumber } from './safety-number.ts';
import { SessionBook } from './session-book.ts';

/** Log in again this long before the token expires, so a request never races the expiry. */
const TOKEN_MARGIN_MS = 60_000;
/** Server ids remembered as handled: the server redelivers only what was pushed and not yet acknowledged. */
const HANDLED_KEPT = 2_000;
/** GET /v1/messages page size, the server's maximum. */
const POLL_LIMIT = 100;
/** Server ids per POST /v1/messages/ack, the server's maximum. */
const MAX_ACK_IDS = 1_000;

export interface ChatClientOptions {
  /** The profile directory. */
  readonly dir: string;
  /** Unlocks the seed file. */
  readonly passphrase: string;
  readonly fetch?: FetchLike;
  readonly now?: () => number;
  readonly timers?: Timers;
}

export interface CreateOptions extends ChatClientOptions {
  /** Argon2id cost of a new seed file; @keel/identity's default when absent (tests pass a cheaper one). */
  readonly kdf?: KdfParams;
}

export type WireKind = 'PreKeyMessage' | 'RatchetMessage';

export interface ReceiveOptions {
  /** Seconds to keep listening after the backlog; 0 returns once the backlog is read. */
  readonly wait?: number;
  /** The WebSocket (default) or GET /v1/messages polling, the fallback where a socket cannot open. */
  readonly via?: 'ws' | 'poll';
}

const utf8 = new TextEncoder();

export class ChatClient {
  readonly #store: ProfileStore;
  readonly #keys: IdentityKeys;
  readonly #fingerprint: string;
  readonly #prekeys: PrekeyKeeper;
  readonly #state: ProfileState;
  readonly #sessions: SessionBook;
  readonly #opener: MessageOpener;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #timers: Timers;

  private constructor(
    store: ProfileStore,
    keys: IdentityKeys,
    prekeys: PrekeyKeeper,
    state: ProfileState,
    options: ChatClientOptions,
  ) {
    this.#store = store;
    this.#keys = keys;
    this.#fingerprint = fingerprint(keys.ed25519.publicKey);
    this.#prekeys = prekeys;
    this.#state = state;
    this.#sessions = new SessionBook(store, keys.historyKey);
    this.#opener = new MessageOpener(keys, prekeys, this.#sessions, new IncomingFiles(store, keys.historyKey));
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
  }

  /** A new identity in a new profile; the mnemonic is its only backup, shown to the user once. */
  static async create(options: CreateOptions): Promise<{ client: ChatClient; mnemonic: string }> {
    const seed = generateSeed();
    const client = await ChatClient.#init(seed, options);
    return { client, mnemonic: seedToMnemonic(seed) };
  }

  /** A profile for an identity restored from its mnemonic (register again to upload fresh prekeys). */
  static restore(mnemonic: string, options: CreateOptions): Promise<ChatClient> {
    return ChatClient.#init(mnemonicToSeed(mnemonic), options);
  }

  /** The profile in `options.dir`, unlocked with the passphrase. */
  static async open(options: ChatClientOptions): Promise<ChatClient> {
    const store = new ProfileStore(options.dir);
    if (!(await store.exists()))
      throw new ProfileError('no_profile', `no chat profile in ${options.dir} (run init first)`);
    await sodium.ready;
    const keys = await deriveKeys(await readSeedFile(store.seedPath, options.passphrase));
    const prekeys = await PrekeyKeeper.load(store, keys);
    return new ChatClient(store, keys, prekeys, await store.readState(), options);
  }

  static async #init(seed: Uint8Array, options: CreateOptions): Promise<ChatClient> {
    const store = new ProfileStore(options.dir);
    if (await store.exists()) throw new ProfileError('profile_exists', `${options.dir} already holds a chat profile`);
    await store.create();
    await writeSeedFile(
      store.seedPath,
      seed,
      options.passphrase,
      options.kdf === undefined ? {} : { kdf: options.kdf },
    );
    return ChatClient.open(options);
  }

  get dir(): string {
    return this.#store.dir;
  }

  get downloadsDir(): string {
    return this.#store.downloadsDir;
  }

  fingerprint(): string {
    return this.#fingerprint;
  }

  /** The comparison string for this profile and `peer` (see safety-number.ts); the same on both sides. */
  safetyNumber(peer: string): Promise<string> {
    return safetyNumber(this.#fingerprint, parseFingerprint(peer));
  }

  /** Uploads a new signed prekey and 100 one-time prekeys to `server` (or the stored one), then logs in. */
  async register({ server, alias }: { server?: string; alias?: string | null } = {}): Promise<{ prekeysLeft: number }> {
    if (server !== undefined) this.#state.server = server;
    const { body, signedPrekeyId } = await this.#prekeys.registration(alias);
    const api = this.#api();
    let answer: { one_time_prekeys_left: number };
    try {
      answer = await api.uploadBundle(body, this.#validToken());
    } catch (error) {
      // Already known to the server (a restored identity, or registering again): prove ownership and upload again.
      if (!(error instanceof ServerError && error.status === 401)) throw error;
      answer = await api.uploadBundle(body, await this.#login());
    }
    this.#state.signedPrekeyId = signedPrekeyId;
    if (alias !== undefined) this.#state.alias = alias;
    await this.#saveState();
    await this.#login();
    return { prekeysLeft: answer.one_time_prekeys_left };
  }

  /** Challenge, Ed25519 signature over its 32 bytes, token; refills one-time prekeys when the server runs low. */
  async login(): Promise<{ expiresAt: string }> {
    await this.#login();
    return { expiresAt: this.#state.tokenExpiresAt ?? '' };
  }

  /** Encrypts `text` for `peer` (starting a session from its bundle if there is none) and queues it. */
  async sendText(peer: string, text: string): Promise<{ id: string; kind: WireKind }> {
    return this.#authed(async (token) => {
      const session = await this.#sessionWith(peer, token);
      const wire = encryptMessage(session, utf8.encode(text));
      // Saved before sending: a lost message is recoverable, a reused message key is not.
      await this.#sessions.save(peer, session);
      const kind: WireKind = wire[0] === PREKEY_MESSAGE_VERSION ? 'PreKeyMessage' : 'RatchetMessage';
      const id = randomUUID();
      await this.#api().send(token, { id, to: peer, kind, body: toBase64(wire) });
      return { id, kind };
    });
  }

  /** Sends the file at `path` (≤ 10 MiB): its header (name, size, SHA-256, key) through the ratchet, then the chunks. */
  async sendFile(peer: string, path: string): Promise<{ id: string; chunks: number; size: number }> {
    const file = Bun.file(path);
    if (!(await file.exists())) throw new FileInputError(`cannot read '${path}'`);
    if (file.size > MAX_FILE_BYTES)
      throw new FileInputError(`'${path}' has ${file.size} bytes; files of at most ${MAX_FILE_BYTES} can be sent`);
    const prepared = prepareFile({ name: basename(path), bytes: await file.bytes() });
    return this.#authed(async (token) => {
      const session = await this.#sessionWith(peer, token);
      const wire = encryptMessage(session, encodeFileHeader(prepared.header));
      await this.#sessions.save(peer, session);
      const api = this.#api();
      const id = randomUUID();
      await api.send(token, { id, to: peer, kind: 'FileHeader', body: toBase64(wire) });
      for (const chunk of prepared.chunks)
        await api.send(token, { id: randomUUID(), to: peer, kind: 'FileChunk', body: toBase64(chunk) });
      return { id, chunks: prepared.chunks.length, size: prepared.header.size };
    });
  }

  /** Reads what waits (and, with `wait`, what arrives meanwhile): decrypted, acknowledged, files saved. */
  async receive({ wait = 0, via = 'ws' }: ReceiveOptions = {}): Promise<ReceivedItem[]> {
    const items: ReceivedItem[] = [];
    const acceptedBefore = this.#opener.acceptedPreKeys;
    const handle = async (message: QueuedMessageJson) => {
      const item = await this.#handle(message);
      if (item !== null) items.push(item);
    };
    if (via === 'poll') {
      await this.#authed(async (token) => {
        const api = this.#api();
        for (
          let batch = await api.poll(token, POLL_LIMIT);
          batch.length > 0;
          batch = await api.poll(token, POLL_LIMIT)
        ) {
          for (const message of batch) await handle(message);
          await api.acknowledge(
            token,
            batch.map((m) => m.server_id),
          );
        }
      });
    } else {
      const seen: number[] = [];
      const onMessage = async (message: QueuedMessageJson) => {
        seen.push(message.server_id);
        await handle(message);
      };
      const read = (token: string) =>
        readInbox({ url: this.#api().wsUrl, token, waitMs: wait * 1000, timers: this.#timers, onMessage });
      let token = await this.#token();
      try {
        await read(token);
      } catch (error) {
        // The upgrade is refused when the server no longer knows the token: log in again once.
        if (!(error instanceof InboxConnectError)) throw error;
        token = await this.#login();
        await read(token);
      }
      // The socket's ack frames get no answer; this one does, so what receive returns is gone from the server.
      for (let i = 0; i < seen.length; i += MAX_ACK_IDS)
        await this.#api().acknowledge(token, seen.slice(i, i + MAX_ACK_IDS));
    }
    // New sessions took one-time prekeys: top them up now rather than at the next login.
    if (this.#opener.acceptedPreKeys > acceptedBefore) await this.#authed((token) => this.#refill(token));
    return items;
  }

  async createGroup(name: string): Promise<Member[]> {
    const { members } = await this.#authed((token) => this.#api().createGroup(token, name));
    await this.#learn(members);
    return members;
  }

  async joinGroup(name: string): Promise<Member[]> {
    const { members } = await this.#authed((token) => this.#api().joinGroup(token, name));
    await this.#learn(members);
    return members;
  }

  async members(name: string): Promise<Member[]> {
    const members = await this.#authed((token) => this.#api().members(token, name));
    await this.#learn(members);
    return members;
  }

  /** One pairwise ciphertext per other member; on membership_mismatch the list is fetched again and sent once more. */
  async sendToGroup(name: string, text: string): Promise<{ id: string; copies: number }> {
    return this.#authed(async (token) => {
      const api = this.#api();
      let members = await api.members(token, name);
      for (let attempt = 1; ; attempt++) {
        await this.#learn(members);
        const copies: { to: string; body: string }[] = [];
        for (const member of members) {
          if (member.fingerprint === this.#fingerprint) continue;
          const session = await this.#sessionWith(member.fingerprint, token);
          const wire = encryptMessage(session, utf8.encode(text));
          await this.#sessions.save(member.fingerprint, session);
          copies.push({ to: member.fingerprint, body: toBase64(wire) });
        }
        // A fresh id per attempt: the refused post was never accepted under the first one.
        const id = randomUUID();
        try {
          await api.groupSend(token, name, { id, copies });
          return { id, copies: copies.length };
        } catch (error) {
          if (attempt > 1 || !(error instanceof ServerError && error.code === 'membership_mismatch')) throw error;
          members = await api.members(token, name);
        }
      }
    });
  }

  /** The alias this profile knows for `peer`, or null. */
  aliasOf(peer: string): string | null {
    return this.#state.contacts[peer] ?? null;
  }

  async #handle(message: QueuedMessageJson): Promise<ReceivedItem | null> {
    if (this.#state.handled.includes(message.server_id)) return null;
    let content: ReceivedContent | null;
    try {
      content = await this.#opener.open(message);
      if (content?.type === 'joined') this.#state.contacts[content.member] = content.alias;
    } catch (error) {
      // Acknowledged all the same: a message that cannot be opened now never can, and must not block the queue.
      content = { type: 'failed', error: `${(error as Error).name}: ${(error as Error).message}` };
    }
    this.#state.handled.push(message.server_id);
    if (this.#state.handled.length > HANDLED_KEPT)
      this.#state.handled.splice(0, this.#state.handled.length - HANDLED_KEPT);
    await this.#saveState();
    if (content === null) return null;
    return {
      serverId: message.server_id,
      id: message.id,
      from: message.from,
      alias: this.aliasOf(message.from),
      kind: message.kind,
      group: message.group,
      content,
    };
  }

  /** The stored session with `peer`, or a new one from its bundle (whose identity must be `peer`'s). */
  async #sessionWith(peer: string, token: string): Promise<Session> {
    parseFingerprint(peer);
    const existing = await this.#sessions.get(peer);
    if (existing !== null) return existing;
    const json = await this.#api().fetchBundle(token, peer);
    const bundle = bundleFromJson(json);
    const claimed = fingerprint(bundle.identityKey);
    if (claimed !== peer) throw new IdentityMismatchError(`the server's bundle for ${peer} is ${claimed}'s`);
    this.#state.contacts[peer] = json.alias ?? null;
    await this.#saveState();
    return startSession(this.#keys, bundle);
  }

  async #learn(members: readonly Member[]): Promise<void> {
    for (const member of members) this.#state.contacts[member.fingerprint] = member.alias;
    await this.#saveState();
  }

  /** Runs `call` with a valid token; a 401 (the server forgot the token) logs in again and runs it once more. */
  async #authed<T>(call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await this.#token());
    } catch (error) {
      if (!(error instanceof ServerError && error.code === 'unauthorized')) throw error;
      return call(await this.#login());
    }
  }

  /** The stored token while it is valid for a while yet, else a new one. */
  async #token(): Promise<string> {
    return this.#validToken() ?? (await this.#login());
  }

  #validToken(): string | null {
    const { token, tokenExpiresAt } = this.#state;
    if (token === null || tokenExpiresAt === null) return null;
    return Date.parse(tokenExpiresAt) - TOKEN_MARGIN_MS > this.#now() ? token : null;
  }

  async #login(): Promise<string> {
    const api = this.#api();
    const { challenge } = await api.challenge(this.#fingerprint);
    const signature = sodium.crypto_sign_detached(Buffer.from(challenge, 'hex'), this.#keys.ed25519.secretKey);
    const { token, expires_at } = await api.verify(this.#fingerprint, challenge, toBase64(signature));
    this.#state.token = token;
    this.#state.tokenExpiresAt = expires_at;
    await this.#saveState();
    await this.#refill(token);
    return token;
  }

  /** Tops the server's one-time prekeys up (PrekeyKeeper.refill) once this profile is registered. */
  async #refill(token: string): Promise<void> {
    const signedId = this.#state.signedPrekeyId;
    if (signedId !== null) await this.#prekeys.refill(this.#api(), token, signedId);
  }

  #api(): ChatApi {
    const server = this.#state.server;
    if (server === null)
      throw new ProfileError('not_registered', 'this profile has no server yet (run register --server <url>)');
    return new ChatApi(server, this.#fetch, (ms) => new Promise((done) => this.#timers.set(done, ms)));
  }

  #saveState(): Promise<void> {
    return this.#store.writeState(this.#state);
  }
}
