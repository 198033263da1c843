// The gateway: one origin for every service; HTTP and WebSocket forwarded by path prefix, each request logged.

import { AppError, type BunHandlers, createRegistry, type Logger } from '@keel/kit';
import { Counter, Histogram } from 'prom-client';
import type { GatewayConfig } from './config.ts';
import { upstreamRequestHeaders } from './forward-headers.ts';
import { proxyHttp } from './http-proxy.ts';
import { matchRoute, routeTable } from './route-table.ts';
import { type WsSession, wsBridge } from './ws-proxy.ts';

export interface Environment {
  readonly logger: Logger;
  readonly fetch: typeof globalThis.fetch;
  readonly processMetrics: boolean;
}

/** Headers of the client's handshake that belong to its own connection, not to the upstream's. */
const HANDSHAKE_ONLY = /^(sec-websocket-(key|version|extensions)|upgrade|connection|host)$/i;

export function createGateway(config: GatewayConfig, env: Environment): BunHandlers<WsSession> {
  const { logger } = env;
  const table = routeTable(config.routes);
  const registry = createRegistry({ service: 'gateway', processMetrics: env.processMetrics });
  const requests = new Counter({
    name: 'gateway_requests_total',
    help: 'Requests by upstream and status (websocket for upgrades)',
    labelNames: ['upstream', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'gateway_response_seconds',
    help: 'Time until the upstream answered with its headers',
    labelNames: ['upstream'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  return {
    websocket: wsBridge(),
    error(error) {
      logger.error('request failed', { error });
      return json(500, { code: 'internal', message: 'internal error' });
    },
    async fetch(request, server) {
      const started = performance.now();
      const url = new URL(request.url);
      if (url.pathname === '/healthz') return json(200, { status: 'ok', service: 'gateway' });
      if (url.pathname === '/metrics') {
        return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
      }
      const match = matchRoute(table, url.pathname, url.search);
      if (match === null) return json(404, { code: 'not_found', message: 'no such route' });
      if (match.kind === 'redirect') return new Response(null, { status: 308, headers: { location: match.location } });
      const { route, path } = match;
      const context = {
        clientIp: server.requestIP(request)?.address ?? 'unknown',
        proto: url.protocol.replace(':', ''),
        host: request.headers.get('host') ?? url.host,
        prefix: route.prefix,
      };
      const entry = { method: request.method, path: url.pathname, upstream: route.name };

      if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
        const headers: Record<string, string> = {};
        for (const [name, value] of upstreamRequestHeaders(request.headers, context)) {
          if (!HANDSHAKE_ONLY.test(name)) headers[name] = value;
        }
        const upstreamUrl = `${route.upstream.replace(/^http/, 'ws')}${path}`;
        if (server.upgrade(request, { data: { upstreamUrl, headers, backlog: [] } })) {
          requests.inc({ upstream: route.name, status: 'websocket' });
          logger.info('request', { ...entry, status: 101 });
          return undefined;
        }
        return json(400, { code: 'bad_request', message: 'WebSocket upgrade failed' });
      }

      let response: Response;
      try {
        response = await proxyHttp(request, {
          route,
          path,
          context,
          timeoutMs: config.upstreamTimeoutMs,
          fetch: env.fetch,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = error.cause instanceof Error ? error.cause.message : error.message;
        logger.warn('upstream failed', { ...entry, status: error.status, error: reason });
        response = json(error.status, error.toJSON());
      }
      const seconds = (performance.now() - started) / 1000;
      latency.observe({ upstream: route.name }, seconds);
      requests.inc({ upstream: route.name, status: response.status });
      logger.info('request', { ...entry, status: response.status, duration_ms: Math.round(seconds * 100_000) / 100 });
      return response;
    },
  };
}
