// @keel/chat-sdk: end-to-end encryption for chat clients: key bundles, X3DH, the Double Ratchet, sealed sessions.

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
