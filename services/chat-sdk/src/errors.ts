// The chat SDK's error catalogue: every protocol failure a caller can act on, each with a stable string `code`.
// The SDK is sans-IO and runs in browsers too, so it does not extend the kit's HTTP error base; a server or client
// driver maps these codes at its own edge.

export class ChatSdkError extends Error {
  /** Machine-readable, stable across releases. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Base of every decoding failure: bytes that are not a well-formed structure of the named kind. */
export class MalformedInputError extends ChatSdkError {
  readonly what: string;

  constructor(what: string, message: string, code = 'malformed_input') {
    super(code, `${what}: ${message}`);
    this.what = what;
  }
}

/** The input ends before the structure does; nothing half-decoded is ever returned. */
export class TooShortError extends MalformedInputError {
  constructor(what: string, needed: number, available: number) {
    super(what, `needs ${needed} more bytes, ${available} available`, 'too_short');
  }
}

/** The leading version (format) byte names a format this build does not read. */
export class UnsupportedVersionError extends MalformedInputError {
  readonly version: number;

  constructor(what: string, version: number, supported: number) {
    super(what, `version ${version} is not supported (this build reads version ${supported})`, 'unsupported_version');
    this.version = version;
  }
}

/** Key material of the wrong length, or a key id outside 1 .. 2^24-1. */
export class InvalidKeyError extends ChatSdkError {
  constructor(message: string) {
    super('invalid_key', message);
  }
}

/**
 * An X25519 exchange produced the all-zero secret: the peer key is zero or of low order, so the result would not
 * depend on our secret (the 2026 vodozemac lesson). Refused before the output is used.
 */
export class LowOrderKeyError extends ChatSdkError {
  constructor(options?: { cause?: unknown }) {
    super('low_order_key', 'X25519 produced the all-zero secret: the peer key is zero or has low order', options);
  }
}

/** The signed prekey's Ed25519 signature does not verify under the bundle's identity key; X3DH aborts. */
export class InvalidSignatureError extends ChatSdkError {
  constructor() {
    super('invalid_signature', "the signed prekey's signature does not verify under the identity key");
  }
}

/** A PreKeyMessage names a signed or one-time prekey id this device does not hold (used up, rotated or bogus). */
export class UnknownPrekeyError extends ChatSdkError {
  readonly kind: 'signed' | 'one_time';
  readonly id: number;

  constructor(kind: 'signed' | 'one_time', id: number) {
    super('unknown_prekey', `no ${kind === 'signed' ? 'signed' : 'one-time'} prekey with id ${id} in the store`);
    this.kind = kind;
    this.id = id;
  }
}

/** The AEAD tag did not verify: wrong session, tampered header or body, or a replay from an older chain. */
export class DecryptionFailedError extends ChatSdkError {
  constructor() {
    super('decryption_failed', 'the message does not authenticate in this session');
  }
}

/** The message key for this (ratchet key, n) was already used: a replay or a duplicate delivery. */
export class DuplicateMessageError extends ChatSdkError {
  readonly n: number;

  constructor(n: number) {
    super('duplicate_message', `message ${n} of this chain was already decrypted`);
    this.n = n;
  }
}

/** Opening the message would skip more than MAX_SKIP keys in one chain; the session is left as it was. */
export class TooFarAheadError extends ChatSdkError {
  readonly skip: number;

  constructor(skip: number, max: number) {
    super('too_far_ahead', `the message is ${skip} keys ahead in its chain; at most ${max} may be skipped`);
    this.skip = skip;
  }
}

/** A PreKeyMessage reached a session it does not belong to (another identity, or the initiator's own side). */
export class SessionMismatchError extends ChatSdkError {
  constructor(message: string) {
    super('session_mismatch', message);
  }
}

/** A sealed session did not open: the key is wrong or the bytes were altered. */
export class SessionOpenError extends ChatSdkError {
  constructor() {
    super('session_open_failed', 'the sealed session does not open: wrong key or altered bytes');
  }
}

/** A sending or receiving counter would pass 2^32-1, which the header cannot carry; start a new session. */
export class CounterExhaustedError extends ChatSdkError {
  constructor() {
    super('counter_exhausted', 'the message counter of this chain is spent; start a new session');
  }
}
