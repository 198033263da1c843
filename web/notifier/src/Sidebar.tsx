// The left column: app name, the subscribe form, the topic list and the desktop-notification switch.

import type { NotifierStore } from './lib/notifier-store.ts';
import { NotificationToggle } from './NotificationToggle.tsx';
import { SubscribeForm } from './SubscribeForm.tsx';
import { TopicList } from './TopicList.tsx';

export function Sidebar(props: { store: NotifierStore }) {
  return (
    <aside class="sidebar">
      <div class="brand">
        <svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        <span>Notifier</span>
      </div>
      <SubscribeForm onSubscribe={(topic) => props.store.subscribe(topic)} />
      <TopicList store={props.store} />
      <NotificationToggle />
    </aside>
  );
}
