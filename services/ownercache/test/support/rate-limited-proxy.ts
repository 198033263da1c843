// A JSON-RPC proxy in front of a real node that meters like a provider: a per-second budget, getLogs range caps, outages.

export interface RateLimitedProxyOptions {
  /** HTTP requests admitted per sliding 1-second window (a JSON-RPC batch is one request). */
  readonly requestsPerSecond: number;
  /** Sent as `Retry-After` on a 429; 1 by default. */
  readonly retryAfterSeconds?: number;
  /** Refuse `eth_getLogs` spanning more than `maxBlockRange` blocks, as free provider tiers do. */
  readonly failRanges?: { readonly maxBlockRange: number };
  /** Milliseconds since the epoch; monotonic within the process by default. */
  readonly now?: () => number;
}

export interface RateLimitedProxy extends AsyncDisposable {
  readonly url: string;
  /** When each admitted request arrived (ms, ascending). */
  readonly admitted: readonly number[];
  /** Requests answered 429. */
  readonly refused: number;
  /** The most admitted requests inside any window of `windowMs` (half-open), for asserting the budget held. */
  maxAdmittedInAnyWindow(windowMs: number): number;
  /** From now on every request is answered 503, as during a provider outage. */
  down(): void;
  /** Ends the outage. */
  up(): void;
}

const WINDOW_MS = 1_000;
const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** The code Infura and Alchemy use for "limit exceeded" on JSON-RPC. */
const LIMIT_EXCEEDED = -32_005;
const INVALID_PARAMS = -32_602;

type JsonRpcId = string | number | null;
interface JsonRpcCall {
  readonly id?: JsonRpcId;
  readonly method?: unknown;
  readonly params?: unknown;
}

export function rateLimitedProxy(upstreamUrl: string, options: RateLimitedProxyOptions): RateLimitedProxy {
  const now = options.now ?? (() => performance.timeOrigin + performance.now());
  const retryAfter = String(options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  const admitted: number[] = [];
  let refused = 0;
  let isDown = false;

  const admit = (at: number): boolean => {
    let inWindow = 0;
    for (let i = admitted.length - 1; i >= 0 && at - (admitted[i] ?? 0) < WINDOW_MS; i--) inWindow++;
    if (inWindow >= options.requestsPerSecond) return false;
    admitted.push(at);
    return true;
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      if (isDown) return json(503, rpcError(null, -32_603, 'service unavailable'));
      if (!admit(now())) {
        refused++;
        return json(429, rpcError(null, LIMIT_EXCEEDED, 'rate limit exceeded'), { 'retry-after': retryAfter });
      }
      if (request.method !== 'POST') return json(405, rpcError(null, -32_600, 'JSON-RPC requests are POSTed'));
      const body = await request.text();
      if (options.failRanges !== undefined) {
        const limited = await refuseWideGetLogs(upstreamUrl, body, options.failRanges.maxBlockRange);
        if (limited !== null) return limited;
      }
      return forward(upstreamUrl, body);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    get admitted() {
      return admitted;
    },
    get refused() {
      return refused;
    },
    maxAdmittedInAnyWindow(windowMs) {
      let best = 0;
      for (let first = 0, last = 0; last < admitted.length; last++) {
        while ((admitted[last] ?? 0) - (admitted[first] ?? 0) >= windowMs) first++;
        best = Math.max(best, last - first + 1);
      }
      return best;
    },
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    [Symbol.asyncDispose]: () => server.stop(true),
  };
}

async function forward(upstreamUrl: string, body: string): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await fetch(upstreamUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  } catch (error) {
    return json(502, rpcError(null, -32_603, `upstream unreachable: ${String(error)}`));
  }
  return new Response(await upstream.text(), {
    status: upstream.status,
    headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
  });
}

/**
 * Answers over-wide eth_getLogs calls with the provider-style error (HTTP 200, per call, as real providers do) and
 * forwards the rest; null when the body has no such call (or is not JSON: the upstream then says what is wrong).
 */
async function refuseWideGetLogs(upstreamUrl: string, body: string, maxBlockRange: number): Promise<Response | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const calls = (Array.isArray(parsed) ? parsed : [parsed]).filter(isCall);
  const latest = lazyBlockNumber(upstreamUrl);
  const refusals = new Map<JsonRpcCall, unknown>();
  for (const call of calls) {
    const span = await getLogsSpan(call, latest);
    if (span !== null && span > BigInt(maxBlockRange)) {
      refusals.set(
        call,
        rpcError(call.id ?? null, INVALID_PARAMS, `eth_getLogs is limited to a ${maxBlockRange} block range`),
      );
    }
  }
  if (refusals.size === 0) return null;
  if (!Array.isArray(parsed)) return json(200, [...refusals.values()][0]);

  const rest = calls.filter((call) => !refusals.has(call));
  const answered = rest.length === 0 ? [] : await forwardBatch(upstreamUrl, rest);
  const byId = new Map(answered.map((answer) => [JSON.stringify(idOf(answer)), answer]));
  // Same order as the request: refusals in place, upstream answers matched by id.
  return json(
    200,
    calls.map((call) => refusals.get(call) ?? byId.get(JSON.stringify(call.id ?? null))),
  );
}

async function forwardBatch(upstreamUrl: string, calls: readonly JsonRpcCall[]): Promise<unknown[]> {
  const response = await fetch(upstreamUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls),
  });
  const answers: unknown = await response.json();
  return Array.isArray(answers) ? answers : [answers];
}

/** Blocks an eth_getLogs call spans (`toBlock - fromBlock + 1`), or null when the call is something else. */
async function getLogsSpan(call: JsonRpcCall, latest: () => Promise<bigint>): Promise<bigint | null> {
  if (call.method !== 'eth_getLogs' || !Array.isArray(call.params)) return null;
  const filter: unknown = call.params[0];
  if (typeof filter !== 'object' || filter === null) return null;
  if ('blockHash' in filter && filter.blockHash !== undefined) return 1n;
  const from = 'fromBlock' in filter ? filter.fromBlock : undefined;
  const to = 'toBlock' in filter ? filter.toBlock : undefined;
  return (await blockOf(to, latest)) - (await blockOf(from, latest)) + 1n;
}

/** A block parameter as a number; tags other than `earliest` mean the head here (anvil has no finality lag). */
async function blockOf(tag: unknown, latest: () => Promise<bigint>): Promise<bigint> {
  if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) return BigInt(tag);
  if (tag === 'earliest') return 0n;
  return latest();
}

function lazyBlockNumber(upstreamUrl: string): () => Promise<bigint> {
  let head: Promise<bigint> | null = null;
  return () => {
    head ??= fetch(upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    })
      .then((response) => response.json())
      .then((answer: unknown) => {
        const result = typeof answer === 'object' && answer !== null && 'result' in answer ? answer.result : null;
        if (typeof result !== 'string') throw new Error(`eth_blockNumber answered ${JSON.stringify(answer)}`);
        return BigInt(result);
      });
    return head;
  };
}

function isCall(value: unknown): value is JsonRpcCall {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(answer: unknown): JsonRpcId {
  if (typeof answer !== 'object' || answer === null || !('id' in answer)) return null;
  const { id } = answer;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function rpcError(id: JsonRpcId, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
