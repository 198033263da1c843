// Sending one message to one user, the same over HTTP (POST /v1/messages) and over the socket ({"type":"send"}).

import { parseEnvelope } from './envelope.ts';
import { UnknownFingerprintError } from './errors.ts';
import type { InboxHub } from './inbox-hub.ts';
import type { KeyStore } from './key-store.ts';
import type { MessageStore } from './message-store.ts';
import type { RateLimits } from './rate-limits.ts';

export interface DirectSendDeps {
  readonly keys: KeyStore;
  readonly messages: MessageStore;
  readonly hub: InboxHub;
  /** Messages sent per user. */
  readonly sendLimits: RateLimits;
}

/** Checks, queues durably, pushes to a connected recipient; the answer once the message is on disk. */
export async function sendDirect(deps: DirectSendDeps, sender: string, value: unknown) {
  deps.sendLimits.take(sender);
  const envelope = parseEnvelope(value);
  if (!deps.keys.exists(envelope.to)) throw new UnknownFingerprintError(envelope.to);
  const accepted = await deps.messages.accept({
    sender,
    id: envelope.id,
    kind: envelope.kind,
    group: null,
    copies: [{ recipient: envelope.to, body: envelope.body }],
  });
  for (const copy of accepted.queued) deps.hub.queued(copy);
  return { id: envelope.id, queued_at: new Date(accepted.queuedAt).toISOString() };
}
