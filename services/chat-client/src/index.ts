// @keel/chat-client: a chat profile on disk and its end-to-end encrypted conversations with a chat server.

export { type BundleJson, ChatApi, type FetchLike, type Member, type QueuedMessageJson } from './chat-api.ts';
export {
  ChatClient,
  type ChatClientOptions,
  type CreateOptions,
  type ReceiveOptions,
  type WireKind,
} from './chat-client.ts';
export { FileInputError, IdentityMismatchError, NetworkError, ProfileError, ServerError } from './errors.ts';
export type { ReceivedFile } from './incoming-files.ts';
export type { ReceivedContent, ReceivedItem } from './message-opener.ts';
export { PREKEY_BATCH, PREKEY_REFILL_BELOW } from './prekey-keeper.ts';
export { safetyNumber } from './safety-number.ts';
