// @keel/chat-sdk: end-to-end encryption for chat clients: key bundles, X3DH, the Double Ratchet, sealed sessions,
// encrypted file transfer.

export {
  decodeMessage,
  encodeMessage,
  HEADER_BYTES,
  MESSAGE_VERSION,
  type MessageHeader,
  type RatchetMessage,
} from './codec/message-codec.ts';
export {
  decodePreKeyMessage,
  encodePreKeyMessage,
  PREKEY_MESSAGE_VERSION,
  type PreKeyMessage,
} from './codec/prekey-message-codec.ts';
export {
  ChatSdkError,
  CounterExhaustedError,
  DecryptionFailedError,
  DuplicateMessageError,
  InvalidKeyError,
  InvalidSignatureError,
  LowOrderKeyError,
  MalformedInputError,
  SessionMismatchError,
  SessionOpenError,
  TooFarAheadError,
  TooShortError,
  UnknownPrekeyError,
  UnsupportedVersionError,
} from './errors.ts';
export {
  chunkCountFor,
  FILE_CHUNK_BYTES,
  MAX_FILE_BYTES,
  MAX_FILE_CHUNKS,
} from './files/chunk-layout.ts';
export {
  decodeFileChunk,
  encodeFileChunk,
  FILE_CHUNK_VERSION,
  type FileChunk,
  MAX_FILE_CHUNK_WIRE_BYTES,
} from './files/file-chunk-codec.ts';
export {
  ChunkDecryptionError,
  ChunkIndexOutOfRangeError,
  ChunkSizeMismatchError,
  DuplicateChunkError,
  FileIncompleteError,
  FileIntegrityError,
  FileTooLargeError,
  FileTruncatedError,
  InvalidFileHeaderError,
  InvalidFileNameError,
  UnexpectedStreamTagError,
  WrongFileError,
} from './files/file-errors.ts';
export { DEFAULT_MIME, type FileHeader, MAX_FILE_NAME_BYTES } from './files/file-header.ts';
export {
  decodeFileHeader,
  encodeFileHeader,
  FILE_HEADER_VERSION,
  MAX_FILE_HEADER_BYTES,
} from './files/file-header-codec.ts';
export { FileReceiver } from './files/file-receiver.ts';
export { type FileInput, type PreparedFile, prepareFile } from './files/prepare-file.ts';
export {
  type ChatIdentity,
  generateOneTimePrekeys,
  generateSignedPrekey,
  type KeyBundle,
  type OneTimePrekey,
  type SignedPrekey,
  verifyBundle,
} from './keys/bundle.ts';
export { MAX_KEY_ID } from './keys/key-id.ts';
export { createPrekeyStore, decodePrekeyStore, encodePrekeyStore, type PrekeyStore } from './keys/prekey-store.ts';
export { MAX_SKIP } from './ratchet.ts';
export type { RatchetState } from './ratchet-state.ts';
export {
  acceptPreKeyMessage,
  decryptMessage,
  encryptMessage,
  type PendingPreKey,
  remoteIdentityKey,
  type Session,
  type SessionRole,
  startSession,
} from './session.ts';
export { deserializeSession, SESSION_VERSION, serializeSession } from './session-codec.ts';
export { openSession, SEALED_SESSION_VERSION, sealSession } from './session-seal.ts';
export { MAX_SKIPPED_KEYS } from './skipped-keys.ts';
