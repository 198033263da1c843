// Bridges a client WebSocket to the same path on the upstream: frames both ways, closes both ways.

import type { ServerWebSocket, WebSocketHandler } from 'bun';

export interface WsSession {
  /** ws:// URL on the upstream, prefix stripped. */
  readonly upstreamUrl: string;
  /** Headers for the upstream handshake (X-Forwarded-*, cookies, protocols). */
  readonly headers: Record<string, string>;
  upstream?: WebSocket;
  /** Frames the client sent before the upstream connection opened. */
  readonly backlog: (string | ArrayBufferLike)[];
}

/** Close codes a peer may not send itself (RFC 6455 §7.4.1): replaced by 1011 when relaying. */
const RESERVED_CLOSE = new Set([1004, 1005, 1006, 1015]);
const relayable = (code: number) => (RESERVED_CLOSE.has(code) || code < 1000 || code >= 5000 ? 1011 : code);

export function wsBridge(): WebSocketHandler<WsSession> {
  return {
    open(client: ServerWebSocket<WsSession>) {
      const session = client.data;
      const upstream = new WebSocket(session.upstreamUrl, { headers: session.headers });
      upstream.binaryType = 'arraybuffer';
      session.upstream = upstream;
      upstream.onopen = () => {
        for (const frame of session.backlog.splice(0)) upstream.send(frame);
      };
      upstream.onmessage = (event) => {
        client.send(event.data as string | ArrayBuffer);
      };
      upstream.onclose = (event) => client.close(relayable(event.code), event.reason);
      upstream.onerror = () => client.close(1011, 'upstream unreachable');
    },
    message(client, message) {
      const { upstream, backlog } = client.data;
      const frame =
        typeof message === 'string'
          ? message
          : message.buffer.slice(message.byteOffset, message.byteOffset + message.byteLength);
      if (upstream?.readyState === WebSocket.OPEN) upstream.send(frame);
      else backlog.push(frame);
    },
    close(client, code, reason) {
      const upstream = client.data.upstream;
      if (upstream !== undefined && upstream.readyState <= WebSocket.OPEN) upstream.close(relayable(code), reason);
    },
  };
}
