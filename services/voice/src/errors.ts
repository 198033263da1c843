// The voice core's error catalogue: typed failures with a stable string `code` that drivers switch on.
// The core is not HTTP and must stay sans-IO, so it does not extend the kit's AppError (whose package pulls in
// Elysia); a driver that answers HTTP wraps these with the kit's base.

export class VoiceError extends Error {
  /** Machine-readable, stable across releases. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A read or write needed more bytes than the buffer holds; nothing was read or written. */
export class BufferTooShortError extends VoiceError {
  readonly needed: number;
  readonly available: number;

  constructor({ needed, available, what }: { needed: number; available: number; what: string }) {
    super('buffer_too_short', `${what}: needs ${needed} bytes, ${available} available`);
    this.needed = needed;
    this.available = available;
  }
}

/** A media header or packet field is out of range or inconsistent with the rest of the packet. */
export class InvalidHeaderError extends VoiceError {
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super('invalid_header', `${field}: ${message}`);
    this.field = field;
  }
}

/** A quality report value cannot be put on the wire (negative or not a number). */
export class InvalidQualityReportError extends VoiceError {
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super('invalid_quality_report', `${field}: ${message}`);
    this.field = field;
  }
}

/** Sealing once more would reuse a (key, nonce) pair: the 32-bit counter is spent and a rekey is overdue. */
export class NonceExhaustedError extends VoiceError {
  constructor() {
    super('nonce_exhausted', 'the 32-bit packet counter of this key is spent; rekey before sending');
  }
}

/** Key material of the wrong length, or an X25519 exchange that produced the all-zero secret. */
export class InvalidKeyError extends VoiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_key', message, options);
  }
}

/** A sealed packet is larger than the transport's maximum datagram: the send is refused. */
export class DatagramTooLargeError extends VoiceError {
  readonly size: number;
  readonly limit: number;

  constructor({ size, limit }: { size: number; limit: number }) {
    super('datagram_too_large', `packet of ${size} bytes exceeds the datagram limit of ${limit} bytes`);
    this.size = size;
    this.limit = limit;
  }
}

/** An interop vector input (hex, number, JSON) is malformed. */
export class InvalidVectorInputError extends VoiceError {
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super('invalid_vector_input', `${field}: ${message}`);
    this.field = field;
  }
}

/** A FEC block is inconsistent: symbol sizes that disagree, a symbol id out of range, or a recovered symbol that
 * does not hold a frame. Only an authenticated peer can send these, so it is a peer bug or a hostile peer. */
export class FecError extends VoiceError {
  constructor(message: string) {
    super('invalid_fec', message);
  }
}
