// A message's tags as small chips.

import { For, Show } from 'solid-js';

export function TagList(props: { tags: readonly string[] }) {
  return (
    <Show when={props.tags.length > 0}>
      <ul class="tags" aria-label="Tags">
        <For each={props.tags}>{(tag) => <li class="tag">{tag}</li>}</For>
      </ul>
    </Show>
  );
}
