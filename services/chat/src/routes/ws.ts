// GET /v1/ws: the push channel, and a cheaper way to send. The token comes in the upgrade's Authorization header,
// or (browsers cannot set it) as the first frame `{"type":"auth","token":...}` within 5 s. The server pushes
// `{"type":"message",...}` frames and `{"type":"queue_empty"}` once the backlog is out; the client answers
// `{"type":"ack","server_ids":[...]}`. A client may send `{"type":"send", id, to, kind, body}` (the body of
// POST /v1/messages) and gets `{"type":"sent", id, queued_at}` once it is on disk, or `{"type":"error", id, status,
// code, message}`. Close codes: 4401 no or expired token, 4409 replaced by a newer socket of the same user, 1008 a
// bad frame.

import { type Logger, toAppError } from '@keel/kit';
import type { ServerWebSocket } from 'bun';
import { Elysia } from 'elysia';
import { bearerToken, callerOf } from '../bearer.ts';
import { type DirectSendDeps, sendDirect } from '../direct-send.ts';
import { MAX_SEND_REQUEST_BYTES } from '../envelope.ts';
import { CLOSE_UNAUTHORIZED, type LiveSocket } from '../inbox-hub.ts';
import type { TokenStore } from '../token-store.ts';
import { parseAck } from './messages.ts';

export const AUTH_FRAME_TIMEOUT_MS = 5_000;
/** A send frame carries what POST /v1/messages does. */
const MAX_CLIENT_FRAME_BYTES = MAX_SEND_REQUEST_BYTES;

interface SocketState {
  fingerprint: string | null;
  detach: (() => void) | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface WsRoutesOptions extends DirectSendDeps {
  readonly tokens: TokenStore;
  readonly now: () => number;
  readonly logger: Logger;
}

export function wsRoutes({ tokens, now, logger, ...deps }: WsRoutesOptions) {
  const hub = deps.hub;
  const states = new Map<string, SocketState>();

  return new Elysia().ws('/v1/ws', {
    maxPayloadLength: MAX_CLIENT_FRAME_BYTES,
    // A header token is checked before the upgrade, so a wrong one is an HTTP 401, not a socket that closes.
    beforeHandle({ request }) {
      if (bearerToken(request) !== null) callerOf(request, tokens);
    },
    open(ws) {
      const state: SocketState = { fingerprint: null, detach: null, timer: null };
      states.set(ws.id, state);
      const token = bearerToken(ws.data.request);
      if (token !== null) {
        start(ws, state, token);
        return;
      }
      state.timer = setTimeout(() => ws.close(CLOSE_UNAUTHORIZED, 'no auth frame'), AUTH_FRAME_TIMEOUT_MS);
    },
    message(ws, raw) {
      const state = states.get(ws.id);
      if (state === undefined) return;
      let frame: Record<string, unknown>;
      try {
        const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
        if (typeof value !== 'object' || value === null) throw new Error('not an object');
        frame = value as Record<string, unknown>;
      } catch {
        ws.close(1008, 'frames are JSON objects');
        return;
      }
      if (state.fingerprint === null) {
        if (frame.type !== 'auth' || typeof frame.token !== 'string') {
          ws.close(CLOSE_UNAUTHORIZED, 'the first frame must be {"type":"auth","token":...}');
          return;
        }
        start(ws, state, frame.token);
        return;
      }
      if (frame.type === 'send') {
        const { type: _, ...envelope } = frame;
        const id = typeof frame.id === 'string' ? frame.id : null;
        const reply = (value: unknown) => (ws.raw as ServerWebSocket<unknown>).send(JSON.stringify(value));
        sendDirect(deps, state.fingerprint, envelope).then(
          (answer) => reply({ type: 'sent', ...answer }),
          (error: unknown) => {
            const failure = toAppError(error, 'UNKNOWN');
            if (failure.status >= 500) logger.error('socket send failed', { error });
            reply({ type: 'error', id, status: failure.status, ...failure.toJSON() });
          },
        );
        return;
      }
      if (frame.type !== 'ack') {
        ws.close(1008, 'unknown frame type');
        return;
      }
      let serverIds: number[];
      try {
        serverIds = parseAck({ server_ids: frame.server_ids });
      } catch (error) {
        ws.close(1008, (error as Error).message.slice(0, 120));
        return;
      }
      void deps.hub.acknowledge(state.fingerprint, serverIds);
    },
    drain(ws) {
      const fingerprint = states.get(ws.id)?.fingerprint;
      if (fingerprint !== undefined && fingerprint !== null) hub.drained(fingerprint);
    },
    close(ws) {
      const state = states.get(ws.id);
      states.delete(ws.id);
      if (state?.timer !== null && state?.timer !== undefined) clearTimeout(state.timer);
      state?.detach?.();
    },
  });

  /** Authenticates the socket, closes it when the token expires, and starts deliveries. */
  function start(ws: { close(code: number, reason: string): void; raw: unknown }, state: SocketState, token: string) {
    if (state.timer !== null) clearTimeout(state.timer);
    const check = tokens.check(token);
    if (!check.valid) {
      ws.close(CLOSE_UNAUTHORIZED, check.error);
      return;
    }
    state.fingerprint = check.fingerprint;
    state.timer = setTimeout(() => ws.close(CLOSE_UNAUTHORIZED, 'token expired'), check.expiresAt - now());
    const raw = ws.raw as ServerWebSocket<unknown>;
    const socket: LiveSocket = {
      send: (text) => raw.send(text),
      close: (code, reason) => raw.close(code, reason),
      get bufferedAmount() {
        return raw.getBufferedAmount();
      },
    };
    state.detach = hub.attach(check.fingerprint, socket);
  }
}
