// A scheduled HTTP task, its delivery attempts, and their JSON form on the API.

export const TASK_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type TaskMethod = (typeof TASK_METHODS)[number];

/** What a client asks for; times are unix milliseconds, UTC. */
export interface NewTask {
  readonly url: string;
  readonly method: TaskMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: string;
  readonly executeAt: number;
}

export interface Task extends NewTask {
  readonly id: string;
  readonly status: TaskStatus;
  /** Attempts made and recorded so far. */
  readonly attempts: number;
  /** When the next attempt is due; `null` once delivered or failed. */
  readonly nextAttemptAt: number | null;
  readonly createdAt: number;
  readonly finishedAt: number | null;
}

export interface Attempt {
  readonly attempt: number;
  readonly startedAt: number;
  readonly durationMs: number;
  /** The target's HTTP status; `null` when no response came (timeout, network error). */
  readonly statusCode: number | null;
  readonly error: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function taskToJson(task: Task) {
  return {
    id: task.id,
    url: task.url,
    method: task.method,
    headers: task.headers,
    payload: task.payload,
    execute_at: iso(task.executeAt),
    status: task.status,
    attempts: task.attempts,
    next_attempt_at: iso(task.nextAttemptAt),
    created_at: iso(task.createdAt),
    finished_at: iso(task.finishedAt),
  };
}

export function attemptToJson(attempt: Attempt) {
  return {
    attempt: attempt.attempt,
    started_at: iso(attempt.startedAt),
    duration_ms: attempt.durationMs,
    status_code: attempt.statusCode,
    error: attempt.error,
  };
}
