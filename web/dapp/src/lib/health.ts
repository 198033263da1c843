// How healthy a position is, in a colour and a number a user can read at a glance.

/** At or above this the position has a wide margin: green. */
export const HEALTH_SAFE = 1.5;
/** At or above this (and below safe) it is worth watching: amber; below it, red. */
export const HEALTH_CAUTION = 1.2;

export type HealthLevel = 'safe' | 'caution' | 'danger' | 'none';

/** `none` when there is no debt (nothing can be liquidated). */
export function healthLevel(health: number | null): HealthLevel {
  if (health === null || !Number.isFinite(health)) return 'none';
  if (health >= HEALTH_SAFE) return 'safe';
  if (health >= HEALTH_CAUTION) return 'caution';
  return 'danger';
}

/** Two decimals; very large values read as "> 100"; no debt reads as "no debt". */
export function formatHealth(health: number | null): string {
  if (health === null || !Number.isFinite(health)) return 'no debt';
  if (health > 100) return '> 100';
  return health.toFixed(2);
}

export function healthWords(level: HealthLevel): string {
  switch (level) {
    case 'safe':
      return 'Healthy';
    case 'caution':
      return 'Watch closely';
    case 'danger':
      return 'At risk';
    case 'none':
      return 'No debt';
  }
}
