// The identity package's error catalogue: every failure a caller can act on, each with a stable `code`.

/**
 * Base of every identity error. It carries a stable machine `code` but no HTTP status: this package is shared by
 * the chat server, the voice core and browser clients, so it stays free of `@keel/kit` (Elysia, bun:sqlite);
 * a server maps these codes to responses at its own edge.
 */
export class IdentityError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A seed that is not exactly 32 bytes, or hex that is not 64 hex characters. */
export class InvalidSeedError extends IdentityError {
  constructor(message: string) {
    super('invalid_seed', message);
  }
}

/** A public key of the wrong length for its algorithm. */
export class InvalidPublicKeyError extends IdentityError {
  constructor(message: string) {
    super('invalid_public_key', message);
  }
}

/** Base of the three ways a backup mnemonic can be wrong; catch this to handle any of them. */
export class InvalidMnemonicError extends IdentityError {}

export class MnemonicWordCountError extends InvalidMnemonicError {
  readonly count: number;

  constructor(count: number, expected: number) {
    super('mnemonic_word_count', `the mnemonic has ${count} words; an identity backup has exactly ${expected}`);
    this.count = count;
  }
}

export class UnknownMnemonicWordError extends InvalidMnemonicError {
  readonly word: string;
  /** 1-based position of the word in the mnemonic, as a person counts them. */
  readonly position: number;

  constructor(word: string, position: number) {
    super('mnemonic_unknown_word', `word ${position} ("${word}") is not in the BIP39 English word list`);
    this.word = word;
    this.position = position;
  }
}

export class MnemonicChecksumError extends InvalidMnemonicError {
  constructor(options?: { cause?: unknown }) {
    super(
      'mnemonic_checksum',
      'the mnemonic checksum does not match: a word is mistyped or the words are out of order',
      options,
    );
  }
}

export class EmptyPassphraseError extends IdentityError {
  constructor() {
    super('empty_passphrase', 'the passphrase is empty; a seed file needs a passphrase');
  }
}

/** Argon2id parameters outside what this package writes or is willing to run. */
export class InvalidKdfParamsError extends IdentityError {
  constructor(message: string) {
    super('invalid_kdf_params', message);
  }
}

/** The file is intact (its checksum matches) but the passphrase does not unlock it. */
export class WrongPassphraseError extends IdentityError {
  constructor() {
    super('wrong_passphrase', 'wrong passphrase for this seed file');
  }
}

/** The file is not a seed file, is damaged, or was altered after it was written. */
export class CorruptSeedFileError extends IdentityError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('corrupt_seed_file', `seed file is corrupt: ${message}`, options);
  }
}

/** A seed file written by a newer (or unknown) version of the format. */
export class UnsupportedSeedFileVersionError extends IdentityError {
  readonly version: number;

  constructor(version: number, supported: number) {
    super(
      'unsupported_seed_file_version',
      `seed file format version ${version} is not supported (this build reads version ${supported})`,
    );
    this.version = version;
  }
}
