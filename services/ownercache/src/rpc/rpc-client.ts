// JSON-RPC over HTTP to one endpoint, paced by a RateGovernor: 429s slow it down, failures retry with backoff.

import type { Logger } from '@keel/kit';
import type { Counter } from 'prom-client';
import type { RateGovernor } from './rate-governor.ts';

/** The endpoint answered with a JSON-RPC error: a real answer, not retried here (callers decide). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** The endpoint could not be reached or kept failing. */
export class RpcUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'RpcUnavailableError';
  }
}

export interface RpcClientOptions {
  readonly url: string;
  readonly network: string;
  readonly governor: RateGovernor;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  /** Aborted when the service stops: no further attempt is made. */
  readonly signal: AbortSignal;
  readonly random: () => number;
  readonly now: () => number;
  readonly logger: Logger;
  readonly requests: Counter<'network' | 'method' | 'outcome'>;
}

/** Failures (not 429s) tried this many times before RpcUnavailableError. */
const MAX_FAILURES = 5;
/** A throttled call keeps trying this long: a scan slows down rather than fails. */
const THROTTLED_DEADLINE_MS = 10 * 60_000;
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 30_000;

export class RpcClient {
  readonly #options: RpcClientOptions;
  #nextId = 1;

  constructor(options: RpcClientOptions) {
    this.#options = options;
  }

  async call<T>(method: string, params: readonly unknown[]): Promise<T> {
    const { governor, sleep, random, now, logger, network, requests } = this.#options;
    const started = now();
    let failures = 0;
    for (;;) {
      if (this.#options.signal.aborted) throw new RpcUnavailableError(`${network}: stopping`);
      const release = await governor.acquire();
      const attempt = await this.#send(method, params);
      if (attempt.kind === 'ok' || attempt.kind === 'rpc-error') {
        release('ok');
        requests.inc({ network, method, outcome: attempt.kind });
        if (attempt.kind === 'ok') return attempt.result as T;
        throw attempt.error;
      }
      if (attempt.kind === 'throttled') {
        release('throttled', attempt.retryAfterMs);
        requests.inc({ network, method, outcome: 'throttled' });
        if (now() - started > THROTTLED_DEADLINE_MS) {
          throw new RpcUnavailableError(`${network}: still throttled after ${THROTTLED_DEADLINE_MS / 60_000} min`);
        }
        logger.debug('rpc throttled', { network, method, retry_after_ms: attempt.retryAfterMs ?? null });
        continue;
      }
      release('failed');
      requests.inc({ network, method, outcome: 'failed' });
      failures++;
      if (failures >= MAX_FAILURES) throw new RpcUnavailableError(`${network}: ${attempt.message}`);
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
      const wait = backoff / 2 + (random() * backoff) / 2;
      logger.info('rpc request failed, retrying', {
        network,
        method,
        error: attempt.message,
        retry_in_ms: Math.round(wait),
      });
      await sleep(wait);
    }
  }

  async #send(
    method: string,
    params: readonly unknown[],
  ): Promise<
    | { kind: 'ok'; result: unknown }
    | { kind: 'rpc-error'; error: RpcError }
    | { kind: 'throttled'; retryAfterMs: number | undefined }
    | { kind: 'failed'; message: string }
  > {
    const { url, fetch, timeoutMs } = this.#options;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params }),
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), this.#options.signal]),
      });
    } catch (error) {
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (response.status === 429) {
      await response.body?.cancel();
      return {
        kind: 'throttled',
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.#options.now()),
      };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'failed', message: `HTTP ${response.status}` };
    }
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      return { kind: 'failed', message: `invalid JSON answer: ${(error as Error).message}` };
    }
    if (body.error !== undefined) {
      const code = typeof body.error.code === 'number' ? body.error.code : 0;
      const message = typeof body.error.message === 'string' ? body.error.message : 'unknown error';
      // Some providers signal throttling as a JSON-RPC error rather than HTTP 429.
      if (code === 429 || /rate limit|too many requests|exceeded.*capacity/i.test(message)) {
        return { kind: 'throttled', retryAfterMs: undefined };
      }
      return { kind: 'rpc-error', error: new RpcError(code, message, body.error.data) };
    }
    if (!('result' in body)) return { kind: 'failed', message: 'answer without result or error' };
    return { kind: 'ok', result: body.result };
  }
}

/** RFC 9110 §10.2.3 Retry-After: seconds or an HTTP date. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
