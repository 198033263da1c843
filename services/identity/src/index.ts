// @keel/identity: the seed, its mnemonic backup, its encrypted file, the keys it derives and its fingerprint.

export {
  deriveKeys,
  deriveSubkey,
  ed25519FromSecret,
  IDENTITY_INFO,
  type IdentityInfo,
  type IdentityKeys,
  type KeyPair,
  SUBKEY_BYTES,
  x25519FromScalar,
} from './derive-keys.ts';
export {
  CorruptSeedFileError,
  EmptyPassphraseError,
  IdentityError,
  InvalidKdfParamsError,
  InvalidMnemonicError,
  InvalidPublicKeyError,
  InvalidSeedError,
  MnemonicChecksumError,
  MnemonicWordCountError,
  UnknownMnemonicWordError,
  UnsupportedSeedFileVersionError,
  WrongPassphraseError,
} from './errors.ts';
export { FINGERPRINT_BYTES, fingerprint } from './fingerprint.ts';
export { parseFingerprint } from './fingerprint-text.ts';
export { MNEMONIC_WORDS, mnemonicToSeed, seedToMnemonic } from './mnemonic.ts';
export { DEFAULT_KDF_PARAMS, type KdfParams, MAX_ITERATIONS, MAX_MEMORY_KIB, SALT_BYTES } from './passphrase-key.ts';
export { assertSeed, generateSeed, parseSeedHex, SEED_BYTES, seedToHex } from './seed.ts';
export {
  SEED_FILE_BYTES,
  SEED_FILE_VERSION,
  type SealOptions,
  sealSeed,
  seedFileKdfParams,
  unsealSeed,
} from './seed-file.ts';
export { readSeedFile, writeSeedFile } from './seed-file-store.ts';
