// Message envelopes as clients send them: `{id, to, kind, body}`. The server reads only these fields; `body` is
// ciphertext it never opens (docs/chat.md, "Messages").

import { InvalidFieldError, PayloadTooLargeError } from '@keel/kit';
import { asObject, decodeBase64, fingerprintField, onlyFields, text } from './fields.ts';

/** The wire variants a client may send directly (GroupMessage goes through a group's send route). */
export const DIRECT_KINDS = ['PreKeyMessage', 'RatchetMessage', 'Receipt', 'FileHeader', 'FileChunk', 'CallSignal'];
/** Every variant a recipient can receive: the direct ones, group copies, and the server's own GroupControl. */
export const MESSAGE_KINDS = [...DIRECT_KINDS, 'GroupMessage', 'GroupControl'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Seed: a signal message at most 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Seed: files travel in 64 KB chunks; room for the chunk's AEAD header and tag. */
export const MAX_FILE_CHUNK_BYTES = 64 * 1024 + 256;
/** A 1 MiB body in base64 with its JSON around it. */
export const MAX_SEND_REQUEST_BYTES = 1536 * 1024;

const MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface Envelope {
  readonly id: string;
  readonly to: string;
  readonly kind: MessageKind;
  readonly body: Uint8Array;
}

export function parseMessageId(value: unknown, field = 'id'): string {
  if (typeof value !== 'string' || !MESSAGE_ID.test(value)) {
    throw new InvalidFieldError({ field, message: 'must be 8-64 characters of A-Z a-z 0-9 _ - (a UUID fits)' });
  }
  return value;
}

/** The ciphertext of a message: standard base64, within the size its kind allows. */
export function parseBody(value: unknown, kind: MessageKind, field = 'body'): Uint8Array {
  const body = decodeBase64(value, field);
  if (body.length === 0) throw new InvalidFieldError({ field, message: 'must not be empty' });
  const limit = kind === 'FileChunk' ? MAX_FILE_CHUNK_BYTES : MAX_BODY_BYTES;
  if (body.length > limit) throw new PayloadTooLargeError({ limit, what: `a ${kind} body` });
  return body;
}

export function parseEnvelope(value: unknown): Envelope {
  const envelope = asObject(value, 'body');
  onlyFields(envelope, ['id', 'to', 'kind', 'body']);
  const kindText = text(envelope, 'kind', { max: 32 });
  if (!DIRECT_KINDS.includes(kindText)) {
    throw new InvalidFieldError({ field: 'kind', message: `must be one of ${DIRECT_KINDS.join(', ')}` });
  }
  const kind = kindText as MessageKind;
  return {
    id: parseMessageId(envelope.id),
    to: fingerprintField(envelope, 'to'),
    kind,
    body: parseBody(envelope.body, kind),
  };
}
