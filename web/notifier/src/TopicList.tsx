// The subscribed topics, with "All notifications" first.

import { For, Show } from 'solid-js';
import type { NotifierStore } from './lib/notifier-store.ts';
import { TopicItem } from './TopicItem.tsx';

export function TopicList(props: { store: NotifierStore }) {
  return (
    <nav class="topics" aria-label="Topics">
      <ul class="topic-list">
        <li>
          <TopicItem
            label="All notifications"
            selected={props.store.state.selected === null}
            unread={0}
            status={null}
            onSelect={() => props.store.select(null)}
          />
        </li>
        <For each={props.store.state.topics}>
          {(topic) => (
            <li>
              <TopicItem
                label={topic}
                selected={props.store.state.selected === topic}
                unread={props.store.state.unread[topic] ?? 0}
                status={props.store.state.status[topic] ?? 'connecting'}
                onSelect={() => props.store.select(topic)}
              />
            </li>
          )}
        </For>
      </ul>
      <Show when={props.store.state.topics.length === 0}>
        <p class="hint">No subscriptions yet.</p>
      </Show>
    </nav>
  );
}
