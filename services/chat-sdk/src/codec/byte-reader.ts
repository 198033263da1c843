// ByteReader: the one cursor every decoder reads through; a short read throws before anything is returned.

import { MalformedInputError, TooShortError } from '../errors.ts';

export class ByteReader {
  readonly #bytes: Uint8Array;
  readonly #what: string;
  #offset = 0;

  /** `what` names the structure being decoded, so every error says what was malformed. */
  constructor(bytes: Uint8Array, what: string) {
    this.#bytes = bytes;
    this.#what = what;
  }

  get remaining(): number {
    return this.#bytes.length - this.#offset;
  }

  u8(): number {
    return this.bytes(1)[0] as number;
  }

  u32(): number {
    const b = this.bytes(4);
    return new DataView(b.buffer, b.byteOffset, 4).getUint32(0, false);
  }

  /** A copy, so decoded values never alias the caller's buffer. */
  bytes(length: number): Uint8Array {
    if (this.remaining < length) throw new TooShortError(this.#what, length, this.remaining);
    const out = this.#bytes.slice(this.#offset, this.#offset + length);
    this.#offset += length;
    return out;
  }

  rest(): Uint8Array {
    return this.bytes(this.remaining);
  }

  /** Fixed-size structures end exactly where their last field does. */
  end(): void {
    if (this.remaining !== 0) throw new MalformedInputError(this.#what, `${this.remaining} trailing bytes`);
  }

  fail(message: string): never {
    throw new MalformedInputError(this.#what, message);
  }
}
