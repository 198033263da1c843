// /v1/groups: create, join, list members (with aliases), and send one post to every other member. A post carries
// one pairwise ciphertext per member ({to, body}); the server checks the set against the membership and queues each
// copy as a GroupMessage. Joining queues a GroupControl to the other members so they can start sessions.

import { InvalidFieldError, readJsonBody } from '@keel/kit';
import { parseRoomName } from '@keel/voice';
import { Elysia } from 'elysia';
import { callerOf } from '../bearer.ts';
import { parseBody, parseMessageId } from '../envelope.ts';
import { ForbiddenError, MembershipMismatchError, UnknownGroupError } from '../errors.ts';
import { asObject, fingerprintField, onlyFields, text } from '../fields.ts';
import type { GroupStore } from '../group-store.ts';
import type { InboxHub } from '../inbox-hub.ts';
import type { MessageStore } from '../message-store.ts';
import type { RateLimits } from '../rate-limits.ts';
import type { TokenStore } from '../token-store.ts';

/** 1,000 copies of a few KiB, or fewer large ones. */
const MAX_GROUP_SEND_BYTES = 8 * 1024 * 1024;
const MAX_CREATE_BODY = 1024;

export interface GroupRoutesOptions {
  readonly groups: GroupStore;
  readonly tokens: TokenStore;
  readonly messages: MessageStore;
  readonly hub: InboxHub;
  readonly sendLimits: RateLimits;
}

export function groupRoutes({ groups, tokens, messages, hub, sendLimits }: GroupRoutesOptions) {
  const memberList = (name: string) => ({
    name,
    members: groups.members(name).map((m) => ({ fingerprint: m.fingerprint, alias: m.alias })),
  });

  return new Elysia({ prefix: '/v1/groups' })
    .post('/create', async function create({ request, set }) {
      const caller = callerOf(request, tokens);
      const body = asObject(await readJsonBody(request, { limit: MAX_CREATE_BODY }), 'body');
      onlyFields(body, ['name']);
      const name = groupName(text(body, 'name', { max: 64 }));
      groups.create(name, caller);
      set.status = 201;
      return memberList(name);
    })
    .post('/:name/join', async function join({ request, params }) {
      const caller = callerOf(request, tokens);
      const name = existingGroup(groups, params.name);
      if (groups.join(name, caller)) {
        const members = groups.members(name);
        const alias = members.find((m) => m.fingerprint === caller)?.alias ?? null;
        const others = members.filter((m) => m.fingerprint !== caller);
        const control = new TextEncoder().encode(
          JSON.stringify({ event: 'joined', group: name, member: caller, alias }),
        );
        const accepted = await messages.accept({
          sender: caller,
          id: `join-${crypto.randomUUID()}`,
          kind: 'GroupControl',
          group: name,
          copies: others.map((m) => ({ recipient: m.fingerprint, body: control })),
        });
        for (const copy of accepted.queued) hub.queued(copy);
      }
      return memberList(name);
    })
    .get('/:name/members', function members({ request, params }) {
      const caller = callerOf(request, tokens);
      const name = existingGroup(groups, params.name);
      if (!groups.isMember(name, caller)) throw new ForbiddenError(`only members of ${name} may list them`);
      return memberList(name).members;
    })
    .post('/:name/send', async function send({ request, params, set }) {
      const sender = callerOf(request, tokens);
      const name = existingGroup(groups, params.name);
      if (!groups.isMember(name, sender)) throw new ForbiddenError(`only members of ${name} may post to it`);
      sendLimits.take(sender);
      const body = asObject(await readJsonBody(request, { limit: MAX_GROUP_SEND_BYTES }), 'body');
      onlyFields(body, ['id', 'copies']);
      const id = parseMessageId(body.id);
      const copies = parseCopies(body.copies);
      const expected = groups
        .members(name)
        .map((m) => m.fingerprint)
        .filter((f) => f !== sender);
      const given = new Set(copies.map((c) => c.recipient));
      const missing = expected.filter((f) => !given.has(f));
      const extra = [...given].filter((f) => !expected.includes(f));
      if (missing.length > 0 || extra.length > 0) throw new MembershipMismatchError(missing, extra);
      const accepted = await messages.accept({ sender, id, kind: 'GroupMessage', group: name, copies });
      for (const copy of accepted.queued) hub.queued(copy);
      set.status = 202;
      return { id, queued_at: new Date(accepted.queuedAt).toISOString(), copies: copies.length };
    });
}

function groupName(value: string): string {
  try {
    return parseRoomName(value);
  } catch (error) {
    throw new InvalidFieldError({ field: 'name', message: (error as Error).message });
  }
}

function existingGroup(groups: GroupStore, raw: string): string {
  const name = groupName(decodeURIComponent(raw));
  if (!groups.exists(name)) throw new UnknownGroupError(name);
  return name;
}

function parseCopies(value: unknown): { recipient: string; body: Uint8Array }[] {
  if (!Array.isArray(value)) throw new InvalidFieldError({ field: 'copies', message: 'must be an array' });
  const copies = value.map((item, i) => {
    const copy = asObject(item, `copies[${i}]`);
    onlyFields(copy, ['to', 'body'], `copies[${i}]`);
    return { recipient: fingerprintField(copy, 'to'), body: parseBody(copy.body, 'GroupMessage', `copies[${i}].body`) };
  });
  if (new Set(copies.map((c) => c.recipient)).size !== copies.length) {
    throw new InvalidFieldError({ field: 'copies', message: 'one copy per member' });
  }
  return copies;
}
