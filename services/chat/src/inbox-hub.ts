// Live deliveries: one WebSocket per user receives its queued messages in order, at most 256 unacknowledged at a
// time (Signal's in-flight window) and never more than 1 MiB waiting in the socket; an acknowledgement deletes the
// message and makes room for the next. After the backlog present at connect time, `queue_empty` is sent once.

import { messageToJson } from './message-json.ts';
import type { MessageStore, QueuedMessage } from './message-store.ts';

export const MAX_IN_FLIGHT = 256;
/** Bytes queued in the socket above which pushing pauses until it drains. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Close codes: another socket of the same user took over; the token expired. */
export const CLOSE_REPLACED = 4409;
export const CLOSE_UNAUTHORIZED = 4401;

export interface LiveSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

interface Connection {
  readonly fingerprint: string;
  readonly socket: LiveSocket;
  readonly inFlight: Set<number>;
  lastPushed: number;
  backlogDone: boolean;
  /** Everything queued so far was pushed: a new message can go out without reading the queue. */
  caughtUp: boolean;
}

export class InboxHub {
  readonly #store: MessageStore;
  readonly #live = new Map<string, Connection>();

  readonly #onQueued: (kind: string) => void;

  /** `onQueued` counts every copy queued (metrics). */
  constructor(store: MessageStore, onQueued: (kind: string) => void = () => {}) {
    this.#store = store;
    this.#onQueued = onQueued;
  }

  get connections(): number {
    return this.#live.size;
  }

  /** Starts deliveries to `socket`; a socket the user already had is closed (4409). Returns the detach function. */
  attach(fingerprint: string, socket: LiveSocket): () => void {
    const previous = this.#live.get(fingerprint);
    if (previous !== undefined) previous.socket.close(CLOSE_REPLACED, 'connected elsewhere');
    const connection: Connection = {
      fingerprint,
      socket,
      inFlight: new Set(),
      lastPushed: 0,
      backlogDone: false,
      caughtUp: false,
    };
    this.#live.set(fingerprint, connection);
    this.#pump(connection);
    return () => {
      if (this.#live.get(fingerprint) === connection) this.#live.delete(fingerprint);
    };
  }

  /** Closes every socket (the server is stopping); clients reconnect and get what they did not acknowledge. */
  closeAll(): void {
    for (const connection of this.#live.values()) connection.socket.close(1001, 'server stopping');
    this.#live.clear();
  }

  /** A message was queued for its recipient: pushed at once when the socket has room and nothing waits before it. */
  queued(message: QueuedMessage & { readonly recipient: string }): void {
    this.#onQueued(message.kind);
    const connection = this.#live.get(message.recipient);
    if (connection === undefined) return;
    if (connection.caughtUp && this.#hasRoom(connection) && message.serverId > connection.lastPushed) {
      this.#push(connection, message);
      return;
    }
    connection.caughtUp = false;
    this.#pump(connection);
  }

  /** The socket drained below its limit: push what waits. */
  drained(fingerprint: string): void {
    const connection = this.#live.get(fingerprint);
    if (connection !== undefined) this.#pump(connection);
  }

  /** Deletes the recipient's acknowledged messages (HTTP or socket) and refills its socket; returns how many. */
  async acknowledge(fingerprint: string, serverIds: readonly number[]): Promise<number> {
    const removed = await this.#store.acknowledge(fingerprint, serverIds);
    const connection = this.#live.get(fingerprint);
    if (connection !== undefined) {
      for (const serverId of serverIds) connection.inFlight.delete(serverId);
      if (!connection.caughtUp) this.#pump(connection);
    }
    return removed;
  }

  #hasRoom(connection: Connection): boolean {
    return connection.inFlight.size < MAX_IN_FLIGHT && connection.socket.bufferedAmount < MAX_BUFFERED_BYTES;
  }

  #push(connection: Connection, message: QueuedMessage): void {
    connection.socket.send(JSON.stringify({ type: 'message', ...messageToJson(message) }));
    connection.inFlight.add(message.serverId);
    connection.lastPushed = message.serverId;
  }

  /** Pushes from the queue until the window or the socket is full, or the queue is empty (then caught up). */
  #pump(connection: Connection): void {
    while (this.#hasRoom(connection)) {
      const batch = this.#store.inbox(
        connection.fingerprint,
        connection.lastPushed,
        MAX_IN_FLIGHT - connection.inFlight.size,
      );
      if (batch.length === 0) {
        connection.caughtUp = true;
        if (!connection.backlogDone) {
          connection.backlogDone = true;
          connection.socket.send(JSON.stringify({ type: 'queue_empty' }));
        }
        return;
      }
      for (const message of batch) this.#push(connection, message);
    }
  }
}
