// The feed of the selected topic (or of all), newest first.

import { For, Show } from 'solid-js';
import { EmptyState } from './EmptyState.tsx';
import type { NotifierStore } from './lib/notifier-store.ts';
import { MessageCard } from './MessageCard.tsx';

export function MessageList(props: { store: NotifierStore }) {
  return (
    <Show
      when={props.store.visibleMessages().length > 0}
      fallback={<EmptyState topic={props.store.state.selected} subscribed={props.store.state.topics.length > 0} />}
    >
      <ol class="messages" aria-label="Messages">
        <For each={props.store.visibleMessages()}>
          {(message) => (
            <li>
              <MessageCard message={message} showTopic={props.store.state.selected === null} />
            </li>
          )}
        </For>
      </ol>
    </Show>
  );
}
