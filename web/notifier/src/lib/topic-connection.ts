// One topic's feed: catch up over HTTP, then stay live over a WebSocket that reconnects with backoff.

import { fetchCachedMessages } from './catch-up.ts';
import type { LiveSocket, NotifierEnv } from './env.ts';
import { type NotifierMessage, parseEvent } from './message.ts';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting';

/** First retry after 1 s, doubling to at most 30 s: quick after a blip, gentle on a server that is down. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export interface TopicConnectionOptions {
  readonly topic: string;
  readonly env: Pick<NotifierEnv, 'apiBase' | 'wsBase' | 'fetch' | 'openSocket' | 'now' | 'schedule'>;
  readonly onStatus: (status: ConnectionStatus) => void;
  /** `live` is false for the catch-up batch and true for what the WebSocket delivers. */
  readonly onMessages: (messages: readonly NotifierMessage[], live: boolean) => void;
}

export interface TopicConnection {
  close(): void;
}

export function connectTopic(options: TopicConnectionOptions): TopicConnection {
  const { topic, env } = options;
  let closed = false;
  let socket: LiveSocket | null = null;
  let cancelRetry: (() => void) | null = null;
  let attempt = 0;
  // The WebSocket's `since`: the newest message seen, else the time the catch-up began, so nothing falls between.
  let since = '';

  function retry(step: () => void): void {
    options.onStatus('reconnecting');
    cancelRetry = env.schedule(reconnectDelayMs(attempt), () => {
      cancelRetry = null;
      step();
    });
    attempt += 1;
  }

  async function catchUp(): Promise<void> {
    options.onStatus('connecting');
    const startedAt = Math.floor(env.now() / 1000);
    let messages: NotifierMessage[];
    try {
      messages = await fetchCachedMessages(env, topic);
    } catch (error) {
      if (closed) return;
      console.warn(`notifier: catch-up of ${topic} failed; retrying`, error);
      retry(() => void catchUp());
      return;
    }
    if (closed) return;
    options.onMessages(messages, false);
    since = messages.at(-1)?.id ?? String(startedAt);
    goLive();
  }

  function goLive(): void {
    socket = env.openSocket(`${env.wsBase}${topic}/ws?since=${since}`, {
      onFrame: (text) => {
        const event = parseEvent(text);
        if (event?.event === 'open') {
          attempt = 0;
          options.onStatus('live');
        } else if (event?.event === 'message') {
          since = event.message.id;
          options.onMessages([event.message], true);
        }
      },
      onClose: () => {
        socket = null;
        if (!closed) retry(goLive);
      },
    });
  }

  void catchUp();
  return {
    close: () => {
      closed = true;
      cancelRetry?.();
      socket?.close();
    },
  };
}
