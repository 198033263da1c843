import { expect, test } from 'bun:test';
import { openDatabase } from '@keel/kit';
import { MIGRATIONS } from '../src/migrations.ts';
import { DUE_SQL, HEAD_SQL } from '../src/task-store.ts';

// The timer must never scan all tasks: both of its queries walk only the head of the due index.
test.each([
  ['due', DUE_SQL, 'SEARCH tasks USING COVERING INDEX tasks_due (next_attempt_at<?)'],
  ['head', HEAD_SQL, 'SCAN tasks USING COVERING INDEX tasks_due'],
])('the %s query reads the due index only, with no sort', (_name, sql, plan) => {
  const db = openDatabase({ path: ':memory:', migrations: MIGRATIONS });
  const steps = db.query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql}`).all();
  expect(steps.map((step) => step.detail)).toEqual([plan]);
  db.close();
});
