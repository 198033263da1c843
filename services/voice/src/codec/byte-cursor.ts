// ByteCursor: the one big-endian reader/writer every packet codec shares; short buffers throw, never half-fill.

import { BufferTooShortError } from '../errors.ts';

export class ByteCursor {
  readonly bytes: Uint8Array;
  #offset = 0;
  readonly #what: string;

  /** `what` names the structure being coded, for the too-short error message. */
  constructor(bytes: Uint8Array, what = 'buffer') {
    this.bytes = bytes;
    this.#what = what;
  }

  get offset(): number {
    return this.#offset;
  }

  get remaining(): number {
    return this.bytes.length - this.#offset;
  }

  readU8(): number {
    this.#need(1);
    const value = this.bytes[this.#offset] as number;
    this.#offset += 1;
    return value;
  }

  readU16(): number {
    this.#need(2);
    const b = this.bytes;
    const o = this.#offset;
    this.#offset += 2;
    return ((b[o] as number) << 8) | (b[o + 1] as number);
  }

  readU32(): number {
    this.#need(4);
    const b = this.bytes;
    const o = this.#offset;
    this.#offset += 4;
    // `>>> 0` keeps the value unsigned: a u32 with the top bit set is not negative.
    return (
      (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>>
      0
    );
  }

  /** A copy of the next `length` bytes. */
  readBytes(length: number): Uint8Array {
    this.#need(length);
    const out = this.bytes.slice(this.#offset, this.#offset + length);
    this.#offset += length;
    return out;
  }

  writeU8(value: number): void {
    this.#need(1);
    this.bytes[this.#offset] = value & 0xff;
    this.#offset += 1;
  }

  writeU16(value: number): void {
    this.#need(2);
    this.bytes[this.#offset] = (value >>> 8) & 0xff;
    this.bytes[this.#offset + 1] = value & 0xff;
    this.#offset += 2;
  }

  writeU32(value: number): void {
    this.#need(4);
    this.bytes[this.#offset] = (value >>> 24) & 0xff;
    this.bytes[this.#offset + 1] = (value >>> 16) & 0xff;
    this.bytes[this.#offset + 2] = (value >>> 8) & 0xff;
    this.bytes[this.#offset + 3] = value & 0xff;
    this.#offset += 4;
  }

  writeBytes(source: Uint8Array): void {
    this.#need(source.length);
    this.bytes.set(source, this.#offset);
    this.#offset += source.length;
  }

  #need(count: number): void {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`byte count must be a non-negative integer: ${count}`);
    if (this.remaining < count) {
      throw new BufferTooShortError({ needed: this.#offset + count, available: this.bytes.length, what: this.#what });
    }
  }
}
