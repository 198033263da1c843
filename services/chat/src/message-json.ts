// A queued message as recipients receive it, over HTTP polling and WebSocket pushes alike.

import { toBase64 } from './fields.ts';
import type { QueuedMessage } from './message-store.ts';

export function messageToJson(message: QueuedMessage) {
  return {
    server_id: message.serverId,
    id: message.id,
    from: message.sender,
    kind: message.kind,
    group: message.group,
    body: toBase64(message.body),
    queued_at: new Date(message.queuedAt).toISOString(),
  };
}
