// The small subset of DER (X.690) the relay certificate needs: writing TLVs and strictly reading them back.
//
// Only low tag numbers (one identifier octet) and definite lengths exist here; the reader refuses everything else
// DER forbids: indefinite lengths, non-minimal length octets, lengths past the end of the input, trailing bytes.

/** Identifier octets of the universal types the certificate uses, and the two explicit context tags. */
export const DER_TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  objectIdentifier: 0x06,
  utf8String: 0x0c,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
  /** `[0] EXPLICIT`, constructed: TBSCertificate.version. */
  context0: 0xa0,
  /** `[3] EXPLICIT`, constructed: TBSCertificate.extensions. */
  context3: 0xa3,
} as const;

/** Tag number 31 in the low five bits announces a multi-octet tag, which nothing in a certificate we read uses. */
const HIGH_TAG_NUMBER = 0x1f;
/** Bit 8 of the first length octet: set means "long form", the low seven bits count the length octets. */
const LONG_FORM = 0x80;
/** Four length octets already allow 4 GiB; anything longer cannot fit in memory and is refused as malformed. */
const MAX_LENGTH_OCTETS = 4;

/** DER that is malformed or not what the reader expected at that point; `message` names the element. */
export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

function encodeLength(length: number): Uint8Array {
  if (length < LONG_FORM) return Uint8Array.of(length);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Uint8Array.of(LONG_FORM | octets.length, ...octets);
}

/** One TLV whose content is `parts` concatenated; the caller keeps the content itself valid DER. */
export function encodeTlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const contentLength = parts.reduce((sum, part) => sum + part.length, 0);
  const length = encodeLength(contentLength);
  const out = new Uint8Array(1 + length.length + contentLength);
  out[0] = tag;
  out.set(length, 1);
  let offset = 1 + length.length;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Reads consecutive TLVs from one buffer (a whole input, or the content of a constructed element). Every element's
 * header and length are checked; its content is handed back as a view for the caller to read further.
 */
export class DerReader {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  atEnd(): boolean {
    return this.offset === this.bytes.length;
  }

  /** The tag of the next element, or undefined at the end. */
  peekTag(): number | undefined {
    return this.bytes[this.offset];
  }

  /** The content of the next element, which must carry `tag`; `what` names it in errors. */
  read(tag: number, what: string): Uint8Array {
    const actual = this.bytes[this.offset];
    if (actual === undefined) throw new DerError(`${what}: input ends where the element should start`);
    if ((actual & HIGH_TAG_NUMBER) === HIGH_TAG_NUMBER) throw new DerError(`${what}: multi-octet tags are not used`);
    if (actual !== tag) throw new DerError(`${what}: expected tag 0x${hex(tag)}, found 0x${hex(actual)}`);
    const { length, headerLength } = this.readLength(what);
    const start = this.offset + headerLength;
    if (length > this.bytes.length - start) {
      throw new DerError(`${what}: length ${length} runs past the end (${this.bytes.length - start} bytes left)`);
    }
    this.offset = start + length;
    return this.bytes.subarray(start, start + length);
  }

  /** Throws unless every byte has been read: DER allows nothing after the last element. */
  finish(what: string): void {
    if (!this.atEnd()) throw new DerError(`${what}: ${this.bytes.length - this.offset} trailing bytes`);
  }

  private readLength(what: string): { length: number; headerLength: number } {
    const first = this.bytes[this.offset + 1];
    if (first === undefined) throw new DerError(`${what}: input ends inside the length`);
    if (first < LONG_FORM) return { length: first, headerLength: 2 };
    const count = first & ~LONG_FORM;
    if (count === 0) throw new DerError(`${what}: indefinite length is not DER`);
    if (count > MAX_LENGTH_OCTETS) throw new DerError(`${what}: ${count} length octets is too long`);
    let length = 0;
    for (let i = 0; i < count; i++) {
      const octet = this.bytes[this.offset + 2 + i];
      if (octet === undefined) throw new DerError(`${what}: input ends inside the length`);
      if (i === 0 && octet === 0) throw new DerError(`${what}: length has a leading zero octet, not DER`);
      length = length * 256 + octet;
    }
    if (length < LONG_FORM) throw new DerError(`${what}: length ${length} must use the short form in DER`);
    return { length, headerLength: 2 + count };
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
