// Health as a coloured pill: green from 1.5, amber from 1.2, red below.

import { formatHealth, healthLevel, healthWords } from './lib/health.ts';

export function HealthBadge(props: { health: number | null; large?: boolean }) {
  const level = () => healthLevel(props.health);
  return (
    <span
      class={`health health-${level()}${props.large === true ? ' health-large' : ''}`}
      title={`Health ${formatHealth(props.health)}: ${healthWords(level())}`}
    >
      {formatHealth(props.health)}
    </span>
  );
}
