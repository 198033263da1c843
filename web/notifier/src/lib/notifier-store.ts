// The page's state: subscribed topics, their messages and connections, the selection and unread counts.

import { createMemo } from 'solid-js';
import { createStore, produce } from 'solid-js/store';
import type { NotifierEnv } from './env.ts';
import { mergeMessages, type NotifierMessage } from './message.ts';
import { loadTopics, saveTopics } from './subscription-storage.ts';
import { topicProblem } from './topic.ts';
import { type ConnectionStatus, connectTopic, type TopicConnection } from './topic-connection.ts';

interface NotifierState {
  topics: string[];
  messages: Record<string, NotifierMessage[]>;
  status: Record<string, ConnectionStatus>;
  unread: Record<string, number>;
  /** `null` shows every topic ("All"). */
  selected: string | null;
}

export type NotifierStore = ReturnType<typeof createNotifierStore>;

export function createNotifierStore(env: NotifierEnv) {
  const [state, setState] = createStore<NotifierState>({
    topics: [],
    messages: {},
    status: {},
    unread: {},
    selected: null,
  });
  const connections = new Map<string, TopicConnection>();

  function receive(topic: string, arrived: readonly NotifierMessage[], live: boolean): void {
    const known = state.messages[topic] ?? [];
    const knownIds = new Set(known.map((message) => message.id));
    const fresh = arrived.filter((message) => !knownIds.has(message.id));
    if (fresh.length === 0) return;
    setState('messages', topic, mergeMessages(known, fresh));
    if (!live) return;
    // In "All" or on this topic the user sees the message already; elsewhere it counts as unread.
    if (state.selected !== null && state.selected !== topic) {
      setState('unread', topic, (count) => (count ?? 0) + fresh.length);
    }
    for (const message of fresh) {
      env.notifications.show(message.title ?? message.topic, message.message, message.id);
    }
  }

  function open(topic: string): void {
    connections.set(
      topic,
      connectTopic({
        topic,
        env,
        onStatus: (status) => setState('status', topic, status),
        onMessages: (messages, live) => receive(topic, messages, live),
      }),
    );
  }

  function select(topic: string | null): void {
    setState('selected', topic);
    if (topic !== null) setState('unread', topic, 0);
    env.showPath(`${env.apiBase}${topic ?? ''}`);
  }

  /** Subscribes (if needed) and selects `topic`; returns why it cannot, or `null`. */
  function subscribe(topic: string): string | null {
    const problem = topicProblem(topic);
    if (problem !== null) return problem;
    if (!state.topics.includes(topic)) {
      setState('topics', (topics) => [...topics, topic]);
      saveTopics(env.storage, state.topics);
      open(topic);
    }
    select(topic);
    return null;
  }

  function unsubscribe(topic: string): void {
    connections.get(topic)?.close();
    connections.delete(topic);
    setState(
      produce((draft) => {
        draft.topics = draft.topics.filter((name) => name !== topic);
        delete draft.messages[topic];
        delete draft.status[topic];
        delete draft.unread[topic];
      }),
    );
    saveTopics(env.storage, state.topics);
    if (state.selected === topic) select(null);
  }

  /** Reopens the stored subscriptions and follows a deep link `<base><topic>`. */
  function start(): void {
    const stored = loadTopics(env.storage);
    setState('topics', stored);
    for (const topic of stored) open(topic);
    if (env.deepLink !== null && subscribe(env.deepLink) !== null) select(null);
  }

  function stop(): void {
    for (const connection of connections.values()) connection.close();
    connections.clear();
  }

  const visibleMessages = createMemo((): readonly NotifierMessage[] => {
    if (state.selected !== null) return state.messages[state.selected] ?? [];
    // Each list is newest first already; the stable sort interleaves them by time.
    return Object.values(state.messages)
      .flat()
      .sort((a, b) => b.time - a.time);
  });

  return { state, visibleMessages, subscribe, unsubscribe, select, start, stop };
}
