// What an empty feed says: how to subscribe, or how to send the first message.

import { Show } from 'solid-js';
import { useEnv } from './lib/env-context.ts';

export function EmptyState(props: { topic: string | null; subscribed: boolean }) {
  const env = useEnv();
  const example = () => `curl -d "Backup finished" ${env.origin}${env.apiBase}${props.topic ?? 'mytopic'}`;
  return (
    <section class="empty">
      <Show
        when={props.topic !== null || props.subscribed}
        fallback={
          <>
            <h2>Nothing here yet</h2>
            <p>Subscribe to a topic on the left; its messages appear here as they arrive.</p>
          </>
        }
      >
        <h2>No messages yet</h2>
        <p>Use the Publish button, or send one from any script:</p>
      </Show>
      <pre class="example">
        <code>{example()}</code>
      </pre>
    </section>
  );
}
