// One entry of the topic list: its name, connection state and unread count.

import { Show } from 'solid-js';
import type { ConnectionStatus } from './lib/topic-connection.ts';
import { StatusDot } from './StatusDot.tsx';

export function TopicItem(props: {
  label: string;
  selected: boolean;
  unread: number;
  /** `null` for entries that are not one connection ("All"). */
  status: ConnectionStatus | null;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      class="topic-item"
      aria-current={props.selected ? 'page' : undefined}
      onClick={() => props.onSelect()}
    >
      <Show when={props.status} fallback={<span class="status-dot" data-status="none" aria-hidden="true" />}>
        {(status) => <StatusDot status={status()} />}
      </Show>
      <span class="topic-name">{props.label}</span>
      <Show when={props.unread > 0}>
        <span class="unread" title={`${props.unread} new`}>
          {props.unread}
        </span>
      </Show>
    </button>
  );
}
