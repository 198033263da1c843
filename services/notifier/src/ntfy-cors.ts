// ntfy's CORS: every answer allows any origin, and OPTIONS on any path is answered as a preflight.

import { Elysia } from 'elysia';

export function ntfyCors() {
  return new Elysia()
    .onRequest(function allowAnyOrigin({ set }) {
      set.headers['access-control-allow-origin'] = '*';
    })
    .options('/*', ({ set }) => {
      set.headers['access-control-allow-methods'] = 'GET, PUT, POST, PATCH, DELETE';
      set.headers['access-control-allow-headers'] = '*';
      return '';
    });
}
