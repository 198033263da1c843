// One labelled figure of a position (label above, value below).

import type { JSX } from 'solid-js';

export function Figure(props: { label: string; children: JSX.Element; hint?: string }) {
  return (
    <div class="figure" title={props.hint}>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}
