// The priority of a message, loud for high and urgent, quiet for low and min, absent for the default.

import { Show } from 'solid-js';
import type { Priority } from './lib/message.ts';
import { PRIORITY_LABELS, priorityTone } from './lib/priority.ts';

export function PriorityBadge(props: { priority: Priority }) {
  return (
    <Show when={props.priority !== 3}>
      <span
        class="priority-badge"
        data-tone={priorityTone(props.priority)}
        title={`Priority ${props.priority} of 5 (${PRIORITY_LABELS[props.priority]})`}
      >
        <Show when={props.priority >= 4}>
          <span aria-hidden="true">{props.priority === 5 ? '‼ ' : '! '}</span>
        </Show>
        {PRIORITY_LABELS[props.priority]}
      </span>
    </Show>
  );
}
