// Watches in SQLite: insert, read, list by owner, record a check, delete; plus the cron chain's task id.

import type { Database } from 'bun:sqlite';
import type { Logger } from '@keel/kit';
import type { Address } from 'viem';
import type { MetricKind } from './alert-policy.ts';
import type { NewWatch, Watch } from './watch.ts';
import { decodeState, encodeState, initialWatchState, type WatchState } from './watch-state.ts';

interface WatchRow {
  id: string;
  chain: string;
  preset: string;
  position_id: string;
  owner: string;
  label: string;
  metric: string;
  warning: number;
  critical: number;
  topic: string;
  email: string | null;
  state: string;
  last_checked_at: number | null;
  next_task_id: string | null;
  created_at: number;
}

const CRON_TASK_KEY = 'cron_task_id';

export class WatchStore {
  readonly #db: Database;
  readonly #logger: Logger;

  constructor(db: Database, { logger }: { logger: Logger }) {
    this.#db = db;
    this.#logger = logger;
  }

  insert(id: string, watch: NewWatch, now: number): Watch {
    this.#db
      .query(
        `INSERT INTO watches (id, chain, preset, position_id, owner, label, metric, warning, critical, topic, email,
           state, created_at)
         VALUES ($id, $chain, $preset, $positionId, $owner, $label, $metric, $warning, $critical, $topic, $email,
           $state, $createdAt)`,
      )
      .run({
        id,
        chain: watch.chain,
        preset: watch.preset,
        positionId: watch.positionId.toString(),
        owner: watch.owner,
        label: watch.label,
        metric: watch.metric,
        warning: watch.warning,
        critical: watch.critical,
        topic: watch.topic,
        email: watch.email,
        state: encodeState(initialWatchState()),
        createdAt: now,
      });
    return { ...watch, id, state: initialWatchState(), lastCheckedAt: null, nextTaskId: null, createdAt: now };
  }

  get(id: string): Watch | null {
    const row = this.#db.query<WatchRow, [string]>('SELECT * FROM watches WHERE id = ?').get(id);
    return row === null ? null : this.#toWatch(row);
  }

  listByOwner(owner: Address): Watch[] {
    return this.#db
      .query<WatchRow, [string]>('SELECT * FROM watches WHERE owner = ? ORDER BY created_at, id')
      .all(owner)
      .map((row) => this.#toWatch(row));
  }

  countByOwner(owner: Address): number {
    return (
      this.#db.query<{ n: number }, [string]>('SELECT count(*) AS n FROM watches WHERE owner = ?').get(owner)?.n ?? 0
    );
  }

  count(): number {
    return this.#db.query<{ n: number }, []>('SELECT count(*) AS n FROM watches').get()?.n ?? 0;
  }

  /** Watches still running whose last check (or creation, before any) is older than `before`. */
  stale(before: number): Watch[] {
    return this.#db
      .query<WatchRow, [number]>(
        'SELECT * FROM watches WHERE coalesce(last_checked_at, created_at) < ? ORDER BY created_at, id',
      )
      .all(before)
      .map((row) => this.#toWatch(row))
      .filter((watch) => watch.state.level !== 'gone');
  }

  recordCheck(id: string, state: WatchState, checkedAt: number): void {
    this.#db
      .query('UPDATE watches SET state = ?, last_checked_at = ? WHERE id = ?')
      .run(encodeState(state), checkedAt, id);
  }

  setNextTask(id: string, taskId: string | null): void {
    this.#db.query('UPDATE watches SET next_task_id = ? WHERE id = ?').run(taskId, id);
  }

  delete(id: string): Watch | null {
    const watch = this.get(id);
    if (watch !== null) this.#db.query('DELETE FROM watches WHERE id = ?').run(id);
    return watch;
  }

  cronTaskId(): string | null {
    return (
      this.#db.query<{ value: string }, [string]>('SELECT value FROM settings WHERE key = ?').get(CRON_TASK_KEY)
        ?.value ?? null
    );
  }

  setCronTaskId(taskId: string): void {
    this.#db
      .query('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(CRON_TASK_KEY, taskId);
  }

  ping(): void {
    this.#db.query('SELECT 1').get();
  }

  #toWatch(row: WatchRow): Watch {
    return {
      id: row.id,
      chain: row.chain,
      preset: row.preset,
      positionId: BigInt(row.position_id),
      owner: row.owner as Address,
      label: row.label,
      metric: row.metric as MetricKind,
      warning: row.warning,
      critical: row.critical,
      topic: row.topic,
      email: row.email,
      state: this.#decode(row),
      lastCheckedAt: row.last_checked_at,
      nextTaskId: row.next_task_id,
      createdAt: row.created_at,
    };
  }

  /** docs/alert-policy.md: a state that does not decode is logged and started over. */
  #decode(row: WatchRow): WatchState {
    try {
      return decodeState(row.state);
    } catch (error) {
      this.#logger.error('stored watch state is corrupt; starting it over', { watch: row.id, error });
      return initialWatchState();
    }
  }
}
