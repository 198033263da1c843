// PrekeyKeeper: this identity's prekey secrets (sealed at rest with the history key) and the bundles that publish
// their public halves: a new signed prekey with 100 one-time prekeys at registration, 100 more when the server runs low.

import {
  createPrekeyStore,
  decodePrekeyStore,
  encodePrekeyStore,
  generateOneTimePrekeys,
  generateSignedPrekey,
  type PrekeyStore,
} from '@keel/chat-sdk';
import { fingerprint, type IdentityKeys } from '@keel/identity';
import sodium from 'libsodium-wrappers';
import { bundleUpload } from './bundle-json.ts';
import type { BundleJson, ChatApi } from './chat-api.ts';
import type { ProfileStore } from './profile-store.ts';
import { openBlob, sealBlob } from './sealed-blob.ts';

/** One-time prekeys per upload: the server's per-upload maximum. */
export const PREKEY_BATCH = 100;
/** Refill below this many one-time prekeys on the server (docs/chat.md: "so the client refills below 10"). */
export const PREKEY_REFILL_BELOW = 10;

export class PrekeyKeeper {
  /** The SDK mutates it: acceptPreKeyMessage removes the one-time prekey it used; call save() after. */
  readonly store: PrekeyStore;
  readonly #profile: ProfileStore;
  readonly #keys: IdentityKeys;

  private constructor(profile: ProfileStore, keys: IdentityKeys, store: PrekeyStore) {
    this.#profile = profile;
    this.#keys = keys;
    this.store = store;
  }

  static async load(profile: ProfileStore, keys: IdentityKeys): Promise<PrekeyKeeper> {
    const sealed = await profile.readPrekeys();
    const store =
      sealed === null ? createPrekeyStore() : decodePrekeyStore(await openBlob(keys.historyKey, 'KCPS', sealed));
    return new PrekeyKeeper(profile, keys, store);
  }

  async save(): Promise<void> {
    await this.#profile.writePrekeys(await sealBlob(this.#keys.historyKey, 'KCPS', encodePrekeyStore(this.store)));
  }

  /** A new signed prekey and a batch of one-time prekeys, saved before their public halves are returned for upload. */
  async registration(alias: string | null | undefined): Promise<{ body: BundleJson; signedPrekeyId: number }> {
    const signedPrekey = generateSignedPrekey(this.#keys, this.store);
    const oneTimePrekeys = generateOneTimePrekeys(this.store, PREKEY_BATCH);
    // Secrets on disk before the public halves leave: a crash after the upload must not strand them.
    await this.save();
    return { body: this.#bundle(signedPrekey, oneTimePrekeys, alias), signedPrekeyId: signedPrekey.id };
  }

  /** Uploads another batch when the server holds fewer than PREKEY_REFILL_BELOW (the signed prekey stays). */
  async refill(api: ChatApi, token: string, signedPrekeyId: number): Promise<void> {
    const { one_time_prekeys_left } = await api.ownPrekeys(token);
    const signed = this.store.signedPrekeys.get(signedPrekeyId);
    if (one_time_prekeys_left >= PREKEY_REFILL_BELOW || signed === undefined) return;
    const oneTimePrekeys = generateOneTimePrekeys(this.store, PREKEY_BATCH);
    await this.save();
    // Ed25519 is deterministic: this is the signature the server already holds for this prekey.
    const signature = sodium.crypto_sign_detached(signed.publicKey, this.#keys.ed25519.secretKey);
    const signedPrekey = { id: signedPrekeyId, publicKey: signed.publicKey, signature };
    await api.uploadBundle(this.#bundle(signedPrekey, oneTimePrekeys, undefined), token);
  }

  #bundle(
    signedPrekey: Parameters<typeof bundleUpload>[0]['signedPrekey'],
    oneTimePrekeys: Parameters<typeof bundleUpload>[0]['oneTimePrekeys'],
    alias: string | null | undefined,
  ): BundleJson {
    return bundleUpload({
      fingerprint: fingerprint(this.#keys.ed25519.publicKey),
      identityKey: this.#keys.ed25519.publicKey,
      identityDhKey: this.#keys.x25519.publicKey,
      signedPrekey,
      oneTimePrekeys,
      alias,
    });
  }
}
