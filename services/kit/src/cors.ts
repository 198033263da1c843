// CORS exactly as configured: listed origins get headers and preflight answers; every other origin gets none.

import { Elysia } from 'elysia';
import { asInteger, asList, type ParseContext, setting } from './config.ts';

export interface CorsConfig {
  /** Exact origins (scheme, host and port); `*` only outside production. */
  readonly allowOrigins: readonly string[];
  readonly allowMethods: string;
  readonly allowHeaders: string;
  readonly maxAgeSeconds: number;
}

/** The reference values of the specification (`GET,POST,DELETE,OPTIONS`, `Content-Type,X-API-Key`, 600 s). */
export const corsSettings = {
  corsAllowOrigin: setting<readonly string[] | null>({
    env: ['CORS_ALLOW_ORIGIN'],
    help: 'comma-separated exact origins allowed to call from a browser, e.g. https://app.example.com',
    parse: asOrigins,
    default: null,
  }),
  corsAllowMethods: setting({
    env: ['CORS_ALLOW_METHODS'],
    help: 'methods announced to browsers in preflight answers',
    parse: asTokenList,
    default: 'GET,POST,DELETE,OPTIONS',
  }),
  corsAllowHeaders: setting({
    env: ['CORS_ALLOW_HEADERS'],
    help: 'request headers announced to browsers in preflight answers',
    parse: asTokenList,
    default: 'Content-Type,X-API-Key',
  }),
  corsMaxAge: setting({
    env: ['CORS_MAX_AGE'],
    help: 'seconds a browser may cache a preflight answer',
    parse: asInteger({ min: 0, max: 86_400 }),
    default: 600,
  }),
};

/** Builds the CORS config from the parsed `corsSettings`; `null` (CORS off) when no origin is set. */
export function corsConfig(values: {
  corsAllowOrigin: readonly string[] | null;
  corsAllowMethods: string;
  corsAllowHeaders: string;
  corsMaxAge: number;
}): CorsConfig | null {
  if (values.corsAllowOrigin === null) return null;
  return {
    allowOrigins: values.corsAllowOrigin,
    allowMethods: values.corsAllowMethods,
    allowHeaders: values.corsAllowHeaders,
    maxAgeSeconds: values.corsMaxAge,
  };
}

function asOrigins(raw: string, context: ParseContext): readonly string[] {
  const origins = asList(raw);
  if (origins.length === 0) throw new Error('no origin given');
  for (const origin of origins) {
    if (origin === '*') {
      if (context.production) throw new Error("'*' is refused in production: name the exact origin");
      continue;
    }
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`'${origin}' is not an origin such as https://app.example.com`);
    }
    if (parsed.origin !== origin) {
      throw new Error(`'${origin}' is not an exact origin (expected '${parsed.origin}': scheme, host, port, no path)`);
    }
  }
  return origins;
}

function asTokenList(raw: string): string {
  const items = asList(raw);
  const bad = items.find((item) => !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(item));
  if (items.length === 0 || bad !== undefined) throw new Error(`'${raw}' is not a comma-separated list of tokens`);
  return items.join(',');
}

export function cors(config: CorsConfig | null) {
  const plugin = new Elysia();
  if (config === null) return plugin;
  const allowed = new Set(config.allowOrigins);
  const wildcard = allowed.has('*');
  const permittedOrigin = (request: Request) => {
    const origin = request.headers.get('origin');
    return origin !== null && (wildcard || allowed.has(origin)) ? (wildcard ? '*' : origin) : null;
  };

  return (
    plugin
      .onRequest(function applyCors({ request, set }) {
        set.headers.vary = 'Origin';
        const origin = permittedOrigin(request);
        if (origin !== null) set.headers['access-control-allow-origin'] = origin;
      })
      // A route rather than an early answer, so preflights are logged and counted like every request.
      .options('/*', function preflight({ request, set }) {
        set.status = 204;
        if (permittedOrigin(request) === null || !request.headers.has('access-control-request-method')) return;
        set.headers['access-control-allow-methods'] = config.allowMethods;
        set.headers['access-control-allow-headers'] = config.allowHeaders;
        set.headers['access-control-max-age'] = String(config.maxAgeSeconds);
      })
  );
}
