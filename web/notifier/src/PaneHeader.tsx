// The feed's heading: which topic (or all), its connection state, and the publish/unsubscribe actions.

import { Show } from 'solid-js';
import type { NotifierStore } from './lib/notifier-store.ts';
import { STATUS_TEXT, StatusDot } from './StatusDot.tsx';

export function PaneHeader(props: { store: NotifierStore; onPublish: () => void }) {
  const selected = () => props.store.state.selected;
  return (
    <header class="pane-header">
      <div class="pane-title">
        <h1>{selected() ?? 'All notifications'}</h1>
        <Show when={selected()} fallback={<p class="subtle">{topicCount(props.store.state.topics.length)}</p>}>
          {(topic) => {
            const status = () => props.store.state.status[topic()] ?? 'connecting';
            return (
              <p class="subtle connection" data-status={status()}>
                <StatusDot status={status()} />
                {STATUS_TEXT[status()]}
              </p>
            );
          }}
        </Show>
      </div>
      <div class="pane-actions">
        <Show when={selected()}>
          {(topic) => (
            <button type="button" class="quiet" onClick={() => props.store.unsubscribe(topic())}>
              Unsubscribe
            </button>
          )}
        </Show>
        <button type="button" class="primary" onClick={() => props.onPublish()}>
          Publish
        </button>
      </div>
    </header>
  );
}

function topicCount(count: number): string {
  if (count === 0) return 'Not subscribed to any topic yet';
  return count === 1 ? 'From 1 topic' : `From ${count} topics`;
}
