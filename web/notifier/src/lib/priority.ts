// How each ntfy priority (anchor §1.3) is named and weighted on screen.

import type { Priority } from './message.ts';

export const PRIORITY_LABELS: Readonly<Record<Priority, string>> = {
  1: 'min',
  2: 'low',
  3: 'default',
  4: 'high',
  5: 'urgent',
};

/** `urgent`/`high` stand out, `muted` recedes, `normal` is the default look. */
export type PriorityTone = 'urgent' | 'high' | 'normal' | 'muted';

export function priorityTone(priority: Priority): PriorityTone {
  if (priority === 5) return 'urgent';
  if (priority === 4) return 'high';
  if (priority === 3) return 'normal';
  return 'muted';
}
