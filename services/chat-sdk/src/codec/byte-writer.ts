// ByteWriter: builds an encoding from fixed-width big-endian fields and byte strings.

import { concat } from '../crypto/kdf.ts';

export class ByteWriter {
  readonly #parts: Uint8Array[] = [];

  u8(value: number): this {
    this.#parts.push(Uint8Array.of(value));
    return this;
  }

  u32(value: number): this {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, value, false);
    this.#parts.push(out);
    return this;
  }

  bytes(value: Uint8Array): this {
    this.#parts.push(value);
    return this;
  }

  finish(): Uint8Array {
    return concat(this.#parts);
  }
}
