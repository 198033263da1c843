// Forwards one HTTP request to its upstream and streams the answer back as it comes (SSE, NDJSON unbuffered).

import { AppError } from '@keel/kit';
import { downstreamResponseHeaders, type ForwardContext, upstreamRequestHeaders } from './forward-headers.ts';
import type { Route } from './route-table.ts';

export class UpstreamUnreachableError extends AppError {
  constructor({ name, cause }: { name: string; cause: unknown }) {
    super({ code: 'bad_gateway', status: 502, message: `the ${name} service is unreachable`, cause });
  }
}

export class UpstreamTimeoutError extends AppError {
  constructor({ name, timeoutMs }: { name: string; timeoutMs: number }) {
    super({
      code: 'gateway_timeout',
      status: 504,
      message: `the ${name} service did not answer within ${timeoutMs} ms`,
    });
  }
}

export interface ProxyOptions {
  readonly route: Route;
  /** Path and query for the upstream, prefix stripped. */
  readonly path: string;
  readonly context: ForwardContext;
  /** Time allowed for the upstream's response headers; a stream may then run as long as it likes. */
  readonly timeoutMs: number;
  readonly fetch: typeof globalThis.fetch;
}

/** Bun's fetch decodes gzip yet keeps Content-Encoding; `decompress: false` passes the bytes on as they came. */
type BunRequestInit = RequestInit & { decompress: boolean };

export async function proxyHttp(request: Request, options: ProxyOptions): Promise<Response> {
  const { route, path, context, timeoutMs } = options;
  const abort = new AbortController();
  // The client going away cancels the upstream request too.
  request.signal.addEventListener('abort', () => abort.abort(request.signal.reason), { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const init: BunRequestInit = {
    method: request.method,
    headers: upstreamRequestHeaders(request.headers, context),
    body: hasBody ? request.body : undefined,
    redirect: 'manual',
    signal: abort.signal,
    decompress: false,
  };
  let upstream: Response;
  try {
    upstream = await options.fetch(`${route.upstream}${path}`, init);
  } catch (cause) {
    if (timedOut) throw new UpstreamTimeoutError({ name: route.name, timeoutMs });
    throw new UpstreamUnreachableError({ name: route.name, cause });
  } finally {
    clearTimeout(timer);
  }
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: downstreamResponseHeaders(upstream.headers),
  });
}
