// crypto_secretstream_xchacha20poly1305 (libsodium): the per-file chunk stream, pushed in order and pulled in order.
//
// libsodium.js keeps each stream's 52-byte state on its WebAssembly heap and exposes no way to free or wipe it;
// the state address never leaves this module.

import { sodium } from '../crypto/sodium.ts';

export const STREAM_KEY_BYTES = 32;
export const STREAM_HEADER_BYTES = 24;
/** Per-chunk overhead: one encrypted tag byte and the 16-byte Poly1305 MAC. */
export const STREAM_ABYTES = 17;
export const TAG_MESSAGE = sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
export const TAG_FINAL = sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;

type State = ReturnType<typeof sodium.crypto_secretstream_xchacha20poly1305_init_pull>;

/** A fresh random stream key from libsodium's CSPRNG. */
export function generateStreamKey(): Uint8Array {
  return sodium.crypto_secretstream_xchacha20poly1305_keygen();
}

export class StreamPusher {
  /** Sent to the receiver beside the key; it is the stream's random nonce, not a secret. */
  readonly header: Uint8Array;
  readonly #state: State;

  constructor(key: Uint8Array) {
    const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
    this.#state = state;
    this.header = header;
  }

  /** The ciphertext (plaintext length + 17) of the next chunk; `final` marks the end of the stream. */
  push(plaintext: Uint8Array, ad: Uint8Array, final: boolean): Uint8Array {
    return sodium.crypto_secretstream_xchacha20poly1305_push(
      this.#state,
      plaintext,
      ad,
      final ? TAG_FINAL : TAG_MESSAGE,
    );
  }
}

export class StreamPuller {
  readonly #state: State;

  constructor(key: Uint8Array, header: Uint8Array) {
    this.#state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(header, key);
  }

  /** The next chunk's plaintext and tag, or null when it does not authenticate; the state only advances on success. */
  pull(ciphertext: Uint8Array, ad: Uint8Array): { plaintext: Uint8Array; tag: number } | null {
    const opened = sodium.crypto_secretstream_xchacha20poly1305_pull(this.#state, ciphertext, ad);
    return opened === false ? null : { plaintext: opened.message, tag: opened.tag };
  }
}
