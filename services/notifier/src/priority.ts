// Message priorities: 1–5 or their names, as ntfy accepts them.

import { errors } from './errors.ts';

const NAMES: Readonly<Record<string, number>> = {
  '1': 1,
  min: 1,
  '2': 2,
  low: 2,
  '3': 3,
  default: 3,
  '4': 4,
  high: 4,
  '5': 5,
  max: 5,
  urgent: 5,
};

/** `null` for empty (unset); throws 40007 for anything that is not a priority. */
export function parsePriority(value: string): number | null {
  if (value === '') return null;
  const priority = NAMES[value.toLowerCase()];
  if (priority === undefined) throw errors.priorityInvalid();
  return priority;
}

export const PRIORITY_NAMES: Readonly<Record<number, string>> = {
  1: 'min',
  2: 'low',
  3: 'default',
  4: 'high',
  5: 'max',
};
