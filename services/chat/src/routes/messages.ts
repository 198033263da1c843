// /v1/messages: send (queued durably before 202), poll the oldest unacknowledged messages, acknowledge them.

import { InvalidFieldError, readJsonBody } from '@keel/kit';
import { Elysia } from 'elysia';
import { callerOf } from '../bearer.ts';
import { sendDirect } from '../direct-send.ts';
import { MAX_SEND_REQUEST_BYTES } from '../envelope.ts';
import { asObject, onlyFields } from '../fields.ts';
import type { InboxHub } from '../inbox-hub.ts';
import type { KeyStore } from '../key-store.ts';
import { messageToJson } from '../message-json.ts';
import type { MessageStore } from '../message-store.ts';
import type { RateLimits } from '../rate-limits.ts';
import type { TokenStore } from '../token-store.ts';

export const MAX_POLL = 100;
export const MAX_ACK_IDS = 1_000;
const MAX_ACK_BODY = 32 * 1024;

export interface MessageRoutesOptions {
  readonly keys: KeyStore;
  readonly tokens: TokenStore;
  readonly messages: MessageStore;
  readonly hub: InboxHub;
  /** Messages sent per user. */
  readonly sendLimits: RateLimits;
}

export function messageRoutes({ keys, tokens, messages, hub, sendLimits }: MessageRoutesOptions) {
  return new Elysia({ prefix: '/v1/messages' })
    .post('', async function send({ request, set }) {
      const sender = callerOf(request, tokens);
      const answer = await sendDirect(
        { keys, messages, hub, sendLimits },
        sender,
        await readJsonBody(request, { limit: MAX_SEND_REQUEST_BYTES }),
      );
      set.status = 202;
      return answer;
    })
    .get('', function poll({ request }) {
      const recipient = callerOf(request, tokens);
      const query = new URL(request.url).searchParams;
      for (const name of query.keys()) {
        if (name !== 'limit')
          throw new InvalidFieldError({ field: name, message: 'unknown query parameter (known: limit)' });
      }
      const limitText = query.get('limit') ?? String(MAX_POLL);
      const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
      if (limit < 1 || limit > MAX_POLL) {
        throw new InvalidFieldError({ field: 'limit', message: `must be an integer from 1 to ${MAX_POLL}` });
      }
      return messages.inbox(recipient, 0, limit).map(messageToJson);
    })
    .post('/ack', async function acknowledge({ request }) {
      const recipient = callerOf(request, tokens);
      const serverIds = parseAck(await readJsonBody(request, { limit: MAX_ACK_BODY }));
      return { acknowledged: await hub.acknowledge(recipient, serverIds) };
    });
}

/** `{server_ids: [n, ...]}`: 1 to 1,000 positive integers. */
export function parseAck(value: unknown): number[] {
  const body = asObject(value, 'body');
  onlyFields(body, ['server_ids']);
  const ids = body.server_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_ACK_IDS) {
    throw new InvalidFieldError({ field: 'server_ids', message: `must be an array of 1 to ${MAX_ACK_IDS} ids` });
  }
  for (const id of ids) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw new InvalidFieldError({ field: 'server_ids', message: 'must hold positive integers' });
    }
  }
  return ids as number[];
}
