// The front end: index.html at /, /dapp and /dapp/* (deep links), built files from the web root, and /config.js.

import { normalize } from 'node:path';
import { NotFoundError } from '@keel/kit';
import { Elysia } from 'elysia';

/** Vite puts content-hashed files under assets/: their name changes with their content. */
const HASHED_PREFIX = 'assets/';

export function webRoutes({ webRoot, configScript }: { webRoot: string; configScript: string }) {
  async function indexHtml() {
    const file = Bun.file(`${webRoot}/index.html`);
    if (!(await file.exists())) {
      return new Response(
        'The web app is not built yet: run scripts/setup (or bun run build in web/dapp), then reload.\n',
        { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '10' } },
      );
    }
    return new Response(file, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
  }

  return new Elysia()
    .get('/config.js', function config() {
      return new Response(configScript, {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
      });
    })
    .get('/', indexHtml)
    .get('/dapp', indexHtml)
    .get('/dapp/*', indexHtml)
    .get('/*', async function builtFile({ params }) {
      const relative = normalize(decodeURIComponent(params['*']));
      // normalize() resolves `..`; anything still leaving the root, or a dotfile, is not ours to serve.
      if (
        relative.startsWith('..') ||
        relative.startsWith('/') ||
        /(^|\/)\./.test(relative) ||
        relative === 'index.html'
      ) {
        throw new NotFoundError();
      }
      const file = Bun.file(`${webRoot}/${relative}`);
      if (!(await file.exists())) throw new NotFoundError();
      const cache = relative.startsWith(HASHED_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache';
      return new Response(file, {
        headers: { 'content-type': file.type || 'application/octet-stream', 'cache-control': cache },
      });
    });
}
