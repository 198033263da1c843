// One message: title, text, priority, tags, topic (in "All") and when it arrived.

import { Show } from 'solid-js';
import { useEnv } from './lib/env-context.ts';
import { formatFullTime, formatMessageTime } from './lib/format-time.ts';
import type { NotifierMessage } from './lib/message.ts';
import { priorityTone } from './lib/priority.ts';
import { PriorityBadge } from './PriorityBadge.tsx';
import { TagList } from './TagList.tsx';

export function MessageCard(props: { message: NotifierMessage; showTopic: boolean }) {
  const env = useEnv();
  return (
    <article class="message" data-tone={priorityTone(props.message.priority)} data-priority={props.message.priority}>
      <header class="message-head">
        <Show when={props.message.title}>{(title) => <h2 class="message-title">{title()}</h2>}</Show>
        <PriorityBadge priority={props.message.priority} />
        <time
          class="message-time"
          datetime={new Date(props.message.time * 1000).toISOString()}
          title={formatFullTime(props.message.time)}
        >
          {formatMessageTime(props.message.time, env.now())}
        </time>
      </header>
      <p class="message-text">{props.message.message}</p>
      <Show when={props.showTopic || props.message.tags.length > 0}>
        <footer class="message-foot">
          <Show when={props.showTopic}>
            <span class="topic-chip" title="Topic">
              {props.message.topic}
            </span>
          </Show>
          <TagList tags={props.message.tags} />
        </footer>
      </Show>
    </article>
  );
}
