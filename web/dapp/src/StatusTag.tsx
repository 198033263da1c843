// A position's state (open, supply only, liquidated, closed) as a small tag.

import type { PositionStatus } from '@keel/positions';

const WORDS: Readonly<Record<PositionStatus, string>> = {
  open: 'Open',
  'supply-only': 'Supply only',
  liquidated: 'Liquidated',
  closed: 'Closed',
};

export function StatusTag(props: { status: PositionStatus }) {
  return <span class={`tag tag-${props.status}`}>{WORDS[props.status]}</span>;
}
