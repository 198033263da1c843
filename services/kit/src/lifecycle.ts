// Process lifecycle: listen, stop gracefully on SIGTERM/SIGINT, and turn start-up failures into exit codes.

import type { Server, WebSocketHandler } from 'bun';
import type { AnyElysia } from 'elysia';
import { ConfigError, HelpRequested } from './config.ts';
import type { Logger } from './logger.ts';

/** How long in-flight work may take to finish after a stop signal before the process exits anyway. */
export const DEFAULT_STOP_GRACE_MS = 15_000;

/** A service that is not an Elysia app (the gateway): Bun.serve's own handlers. */
export interface BunHandlers<Data> {
  /** Returns `undefined` after upgrading the request to a WebSocket. */
  fetch(request: Request, server: Server<Data>): Response | undefined | Promise<Response | undefined>;
  readonly websocket: WebSocketHandler<Data>;
  /** Answers what `fetch` threw; without it Bun shows its own error page. */
  error(error: Error): Response;
}

export interface ServeOptions<Data = unknown> {
  readonly app: AnyElysia | BunHandlers<Data>;
  readonly port: number;
  readonly hostname: string;
  readonly logger: Logger;
  /** Runs first, before the listener waits for in-flight requests: end long-lived streams and sockets here. */
  readonly beforeStop?: () => void;
  /** Runs after the listener closed and in-flight requests finished: drain work, close storage. */
  readonly onStop?: () => Promise<void> | void;
  readonly stopGraceMs?: number;
  /** Hard cap enforced by the HTTP server itself, above any per-route limit. */
  readonly maxRequestBodySize?: number;
}

export interface RunningService {
  readonly port: number;
  /** Stops accepting, waits for in-flight work, runs `onStop`. Idempotent. */
  stop(): Promise<void>;
}

/** Listens and wires SIGTERM/SIGINT to a graceful stop; a second signal exits at once. */
export function serve<Data = unknown>(options: ServeOptions<Data>): RunningService {
  const { logger } = options;
  const listener = listen(options);
  const port = listener.port;
  logger.info('listening', { port, hostname: options.hostname });

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      const grace = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
      const deadline = setTimeout(() => {
        logger.error('stop grace period exceeded, exiting', { grace_ms: grace });
        process.exit(1);
      }, grace);
      deadline.unref();
      options.beforeStop?.();
      await listener.stop();
      await options.onStop?.();
      clearTimeout(deadline);
      logger.info('stopped');
    })();
    return stopped;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopped !== null) {
      logger.warn('second signal, exiting now', { signal });
      process.exit(1);
    }
    logger.info('stopping', { signal });
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('stop failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  return { port, stop };
}

/** Starts the HTTP server; `stop()` stops accepting and resolves once in-flight requests are done. */
function listen<Data>(options: ServeOptions<Data>): { port: number; stop(): Promise<void> } {
  const { app, port, hostname, maxRequestBodySize } = options;
  if ('listen' in app) {
    app.listen({ port, hostname, maxRequestBodySize });
    const server = app.server;
    if (server === null || server.port === undefined) throw new Error('HTTP server did not start');
    return {
      port: server.port,
      stop: async () => {
        await app.stop(false);
      },
    };
  }
  const server = Bun.serve({
    port,
    hostname,
    maxRequestBodySize,
    fetch: app.fetch,
    websocket: app.websocket,
    error: app.error,
  });
  return { port: server.port ?? port, stop: () => server.stop(false) };
}

/** Runs a service's start-up: configuration errors exit 2 with every problem listed, `--help` exits 0. */
export async function runMain(start: () => Promise<unknown> | unknown): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (error instanceof HelpRequested) {
      process.stdout.write(`${error.message}\n`);
      process.exit(0);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(
      `failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
}
