// The web UI: index.html at / and at /<topic> (deep links), its assets under /static/, and /config.js.

import { join, normalize } from 'node:path';
import { Elysia } from 'elysia';
import { errors } from '../errors.ts';
import type { NotifierContext } from '../notifier-context.ts';
import { isTopic, RESERVED_TOPICS } from '../topic.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export function webRoutes(context: NotifierContext) {
  const root = context.config.webRoot;

  async function indexHtml() {
    const file = Bun.file(join(root, 'index.html'));
    if (!(await file.exists())) {
      return new Response('The web UI is not built: run scripts/setup (or bun x vite build in web/notifier).\n', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(file, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
  }

  return new Elysia()
    .get('/', indexHtml)
    .head('/', () => new Response(null))
    .get('/config.js', ({ set }) => {
      set.headers['content-type'] = 'text/javascript; charset=utf-8';
      set.headers['cache-control'] = 'no-cache';
      const config = { base_url: '', enable_emails: context.config.smtp !== null };
      return `var config = ${JSON.stringify(config)};\n`;
    })
    .get('/static/*', async ({ params }) => {
      // normalize() resolves `..`; anything that still leaves static/ is not ours to serve.
      const relative = normalize(params['*']);
      if (relative.startsWith('..') || relative.startsWith('/')) throw errors.notFound();
      const file = Bun.file(join(root, 'static', relative));
      if (!(await file.exists())) throw errors.notFound();
      const type = TYPES[relative.slice(relative.lastIndexOf('.'))] ?? 'application/octet-stream';
      // Vite names assets by content hash, so they never change under the same name.
      return new Response(file, {
        headers: { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable' },
      });
    })
    .get('/:topic', ({ params }) => {
      if (!isTopic(params.topic) || RESERVED_TOPICS.has(params.topic)) throw errors.notFound();
      return indexHtml();
    });
}
