// readInbox: one WebSocket session on /v1/ws: handles pushed messages one at a time, in order, acknowledging each,
// until the backlog is out (`queue_empty`) and the wait is over.

import type { Timers } from '@keel/kit';
import type { QueuedMessageJson } from './chat-api.ts';
import { NetworkError } from './errors.ts';

export interface InboxOptions {
  readonly url: string;
  readonly token: string;
  /** Keep listening this long after connecting (the backlog is always read to its end first). */
  readonly waitMs: number;
  readonly timers: Timers;
  /** Handles one message; it is acknowledged once this resolves (also when it throws: see ChatClient). */
  readonly onMessage: (message: QueuedMessageJson) => Promise<void>;
}

/** Thrown when the socket could not open (a refused token is an HTTP 401 on the upgrade). */
export class InboxConnectError extends NetworkError {}

export function readInbox(options: InboxOptions): Promise<void> {
  const { url, token, waitMs, timers, onMessage } = options;
  return new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    let opened = false;
    let backlogDone = false;
    let waited = waitMs <= 0;
    let finished = false;
    let chain = Promise.resolve();
    let pending = 0;

    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      timers.clear(timer);
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000);
      if (error === null) resolve();
      else reject(error);
    };
    const maybeDone = () => {
      if (backlogDone && waited && pending === 0) finish(null);
    };
    const timer = timers.set(() => {
      waited = true;
      maybeDone();
    }, waitMs);

    socket.addEventListener('open', () => {
      opened = true;
    });
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as { type: string } & QueuedMessageJson;
      if (frame.type === 'queue_empty') {
        backlogDone = true;
        chain = chain.then(maybeDone);
        return;
      }
      if (frame.type !== 'message') return;
      pending++;
      chain = chain
        .then(() => onMessage(frame))
        .then(() => {
          if (socket.readyState === WebSocket.OPEN)
            socket.send(JSON.stringify({ type: 'ack', server_ids: [frame.server_id] }));
          pending--;
          maybeDone();
        })
        .catch((error: unknown) => finish(error as Error));
    });
    socket.addEventListener('error', () => {
      if (!opened) finish(new InboxConnectError(url, 'the WebSocket upgrade was refused or failed'));
    });
    socket.addEventListener('close', (event) => {
      if (finished) return;
      const why = `closed with ${event.code}${event.reason ? ` (${event.reason})` : ''}`;
      finish(opened ? new NetworkError(url, why) : new InboxConnectError(url, why));
    });
  });
}
