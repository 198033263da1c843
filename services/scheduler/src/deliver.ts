// One delivery attempt: send the task's request and classify what came back.

import { ATTEMPT_HEADER, TASK_ID_HEADER } from './outgoing-headers.ts';
import type { Task } from './task.ts';

export type Verdict = 'delivered' | 'retry' | 'fail';

export interface DeliveryResult {
  readonly verdict: Verdict;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  /** Parsed by the caller from the target's `Retry-After`; raw here. */
  readonly retryAfter: string | null;
}

export interface DeliverOptions {
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly clock: () => number;
  readonly userAgent: string;
}

/** RFC 9110 §15: 2xx is success; 429 and 5xx may succeed later; other statuses will not. */
export function verdictFor(status: number): Verdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 429 || status >= 500) return 'retry';
  return 'fail';
}

export async function deliver(task: Task, attempt: number, options: DeliverOptions): Promise<DeliveryResult> {
  const started = options.clock();
  const elapsed = () => Math.round((options.clock() - started) * 100) / 100;
  const hasBody = task.method !== 'GET' && task.method !== 'HEAD';
  try {
    const response = await options.fetch(task.url, {
      method: task.method,
      headers: {
        'user-agent': options.userAgent,
        ...task.headers,
        [TASK_ID_HEADER]: task.id,
        [ATTEMPT_HEADER]: String(attempt),
      },
      body: hasBody ? task.payload : undefined,
      // Following a redirect could leave the allowed targets; a 3xx is reported, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await drain(response);
    const verdict = verdictFor(response.status);
    return {
      verdict,
      statusCode: response.status,
      error: verdict === 'delivered' ? null : `target answered ${response.status}`,
      durationMs: elapsed(),
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      verdict: 'retry',
      statusCode: null,
      error: timedOut ? `no answer within ${options.timeoutMs} ms` : describeNetworkError(error),
      durationMs: elapsed(),
      retryAfter: null,
    };
  }
}

/** Small bodies are read so the connection is reused; large or unsized ones are cut off unread. */
const MAX_DRAINED_BODY = 64 * 1024;

async function drain(response: Response): Promise<void> {
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) <= MAX_DRAINED_BODY) await response.arrayBuffer();
  else await response.body?.cancel();
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
