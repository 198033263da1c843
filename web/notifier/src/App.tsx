// The page: topics on the left, the selected feed on the right, the publish dialog on demand.

import { createSignal, onCleanup, onMount } from 'solid-js';
import { useEnv } from './lib/env-context.ts';
import { createNotifierStore } from './lib/notifier-store.ts';
import { MessageList } from './MessageList.tsx';
import { PaneHeader } from './PaneHeader.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Toast } from './Toast.tsx';

export function App() {
  const env = useEnv();
  const store = createNotifierStore(env);
  const [publishing, setPublishing] = createSignal(false);
  const [notice, setNotice] = createSignal<string | null>(null);
  onMount(() => store.start());
  onCleanup(() => store.stop());

  return (
    <div class="layout">
      <Sidebar store={store} />
      <main class="pane">
        <PaneHeader store={store} onPublish={() => setPublishing(true)} />
        <MessageList store={store} />
      </main>
      <PublishDialog
        open={publishing()}
        defaultTopic={store.state.selected ?? store.state.topics[0] ?? ''}
        topics={store.state.topics}
        onClose={() => setPublishing(false)}
        onPublished={(topic) => setNotice(`Message sent to “${topic}”.`)}
      />
      <Toast text={notice()} onDismiss={() => setNotice(null)} />
    </div>
  );
}
