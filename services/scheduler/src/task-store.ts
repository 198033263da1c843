// Tasks and attempts in SQLite: every acknowledged task is committed before the API answers.

import type { Database, Statement } from 'bun:sqlite';
import { GroupCommit } from '@keel/kit';
import type { Attempt, NewTask, Task, TaskMethod, TaskStatus } from './task.ts';

interface TaskRow {
  id: string;
  url: string;
  method: string;
  headers: string;
  payload: string;
  execute_at: number;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
}

interface AttemptRow {
  attempt: number;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** Position in a listing: the last task returned, ordered by (execute_at, id). */
export interface ListCursor {
  readonly executeAt: number;
  readonly id: string;
}

/** What an attempt led to: delivered or failed for good, or another attempt at `nextAttemptAt`. */
export type AttemptOutcome =
  | { readonly status: 'delivered' | 'failed'; readonly finishedAt: number }
  | { readonly status: 'pending'; readonly nextAttemptAt: number };

export type DeleteResult = 'deleted' | 'missing' | 'delivered';

/*
 * The timer's two queries read only the head of the partial index `tasks_due`. INDEXED BY pins it: left to
 * itself the planner prefers `tasks_listing` (status = 'pending') and sorts every pending task on each tick.
 * Ids only, so the index alone answers and the rows it skips are never read.
 */
export const DUE_SQL = `SELECT id FROM tasks INDEXED BY tasks_due
  WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`;
export const HEAD_SQL = `SELECT id, next_attempt_at FROM tasks INDEXED BY tasks_due
  WHERE status = 'pending' ORDER BY next_attempt_at, id LIMIT ?`;

export class TaskStore {
  readonly #db: Database;
  readonly #newId: () => string;
  readonly #now: () => number;
  readonly #commits: GroupCommit;
  readonly #insert: Statement<TaskRow, [Record<string, string | number | null>]>;
  readonly #get: Statement<TaskRow, [string]>;
  readonly #due: Statement<{ id: string }, [number, number]>;
  readonly #head: Statement<{ id: string; next_attempt_at: number }, [number]>;
  readonly #update: Statement<unknown, [string, number, number | null, number | null, string]>;
  readonly #insertAttempt: Statement<unknown, [string, number, number, number, number | null, string | null]>;

  constructor(db: Database, { newId, now }: { newId: () => string; now: () => number }) {
    this.#db = db;
    this.#newId = newId;
    this.#now = now;
    this.#commits = new GroupCommit(db);
    this.#insert = db.query(
      `INSERT INTO tasks (id, url, method, headers, payload, execute_at, status, attempts, next_attempt_at, created_at)
       VALUES ($id, $url, $method, $headers, $payload, $execute_at, 'pending', 0, $execute_at, $created_at)
       RETURNING *`,
    );
    this.#get = db.query('SELECT * FROM tasks WHERE id = ?');
    this.#due = db.query(DUE_SQL);
    this.#head = db.query(HEAD_SQL);
    this.#update = db.query(
      'UPDATE tasks SET status = ?, attempts = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?',
    );
    this.#insertAttempt = db.query(
      `INSERT OR REPLACE INTO attempts (task_id, attempt, started_at, duration_ms, status_code, error)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Stores a task; resolves once it is committed to disk. */
  insert(task: NewTask): Promise<Task> {
    return this.#commits.run(() => this.#insertNow(task));
  }

  #insertNow(task: NewTask): Task {
    const row = this.#insert.get({
      id: this.#newId(),
      url: task.url,
      method: task.method,
      headers: JSON.stringify(task.headers),
      payload: task.payload,
      execute_at: task.executeAt,
      created_at: this.#now(),
    });
    if (row === null) throw new Error('insert returned no row');
    return toTask(row);
  }

  get(id: string): Task | null {
    const row = this.#get.get(id);
    return row === null ? null : toTask(row);
  }

  attempts(id: string): Attempt[] {
    return this.#db
      .query<AttemptRow, [string]>('SELECT * FROM attempts WHERE task_id = ? ORDER BY attempt')
      .all(id)
      .map((row) => ({
        attempt: row.attempt,
        startedAt: row.started_at,
        durationMs: row.duration_ms,
        statusCode: row.status_code,
        error: row.error,
      }));
  }

  /** One page of tasks in `status`, by execute_at then id; `next` is set when more follow. */
  list(status: TaskStatus, after: ListCursor | null, limit: number): { tasks: Task[]; next: ListCursor | null } {
    const rows = this.#db
      .query<TaskRow, [string, number, string, number]>(
        `SELECT * FROM tasks WHERE status = ? AND (execute_at, id) > (?, ?)
         ORDER BY execute_at, id LIMIT ?`,
      )
      .all(status, after?.executeAt ?? Number.MIN_SAFE_INTEGER, after?.id ?? '', limit + 1);
    const tasks = rows.slice(0, limit).map(toTask);
    const last = tasks.at(-1);
    const next = rows.length > limit && last !== undefined ? { executeAt: last.executeAt, id: last.id } : null;
    return { tasks, next };
  }

  delete(id: string): DeleteResult {
    return this.#db.transaction((): DeleteResult => {
      const row = this.#get.get(id);
      if (row === null) return 'missing';
      if (row.status === 'delivered') return 'delivered';
      this.#db.query('DELETE FROM tasks WHERE id = ?').run(id);
      return 'deleted';
    })();
  }

  /**
   * Pending tasks due by `now`, oldest first, skipping those in `busy` (already being sent).
   * Reads at most `busy.size + limit` rows from the head of the due index.
   */
  due(now: number, limit: number, busy: ReadonlySet<string>): Task[] {
    const tasks: Task[] = [];
    for (const { id } of this.#due.all(now, busy.size + limit)) {
      if (busy.has(id)) continue;
      const row = this.#get.get(id);
      if (row !== null) tasks.push(toTask(row));
      if (tasks.length === limit) break;
    }
    return tasks;
  }

  /** When the earliest pending task not in `busy` is due, or `null` when none is pending. */
  nextDueAt(busy: ReadonlySet<string>): number | null {
    const row = this.#head.all(busy.size + 1).find((candidate) => !busy.has(candidate.id));
    return row?.next_attempt_at ?? null;
  }

  /** Records an attempt and its outcome; a task deleted meanwhile is left deleted. Resolves once committed. */
  recordAttempt(id: string, attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
    return this.#commits.run(() => {
      const changed = this.#update.run(
        outcome.status,
        attempt.attempt,
        outcome.status === 'pending' ? outcome.nextAttemptAt : null,
        outcome.status === 'pending' ? null : outcome.finishedAt,
        id,
      );
      if (changed.changes === 0) return;
      this.#insertAttempt.run(
        id,
        attempt.attempt,
        attempt.startedAt,
        attempt.durationMs,
        attempt.statusCode,
        attempt.error,
      );
    });
  }

  /** Deletes delivered and failed tasks finished before `cutoff`; returns how many. */
  purgeFinishedBefore(cutoff: number): number {
    return this.#db.query('DELETE FROM tasks WHERE finished_at < ?').run(cutoff).changes;
  }

  countByStatus(): Record<TaskStatus, number> {
    const counts: Record<TaskStatus, number> = { pending: 0, delivered: 0, failed: 0 };
    const rows = this.#db
      .query<{ status: TaskStatus; n: number }, []>('SELECT status, count(*) AS n FROM tasks GROUP BY status')
      .all();
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  /** Throws when the database cannot be read (health check). */
  ping(): void {
    this.#db.query('SELECT 1').get();
  }
}

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    url: row.url,
    method: row.method as TaskMethod,
    headers: JSON.parse(row.headers) as Record<string, string>,
    payload: row.payload,
    executeAt: row.execute_at,
    status: row.status as TaskStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
