// Live subscriptions by topic: a publish reaches every matching subscriber without waiting for any of them.

import { type Filters, matchesFilters } from './filters.ts';
import type { EncodedMessage } from './stream-format.ts';

export interface Subscriber {
  readonly topics: readonly string[];
  readonly filters: Filters;
  /** Queues the message; must never block. */
  deliver(message: EncodedMessage): void;
  keepalive(id: string, time: number): void;
  /** Server-side end (shutdown). */
  close(): void;
}

export class TopicHub {
  readonly #byTopic = new Map<string, Set<Subscriber>>();
  readonly #all = new Set<Subscriber>();

  get subscribers(): number {
    return this.#all.size;
  }

  get topics(): number {
    return this.#byTopic.size;
  }

  add(subscriber: Subscriber): void {
    this.#all.add(subscriber);
    for (const topic of subscriber.topics) {
      let set = this.#byTopic.get(topic);
      if (set === undefined) {
        set = new Set();
        this.#byTopic.set(topic, set);
      }
      set.add(subscriber);
    }
  }

  remove(subscriber: Subscriber): void {
    if (!this.#all.delete(subscriber)) return;
    for (const topic of subscriber.topics) {
      const set = this.#byTopic.get(topic);
      set?.delete(subscriber);
      if (set?.size === 0) this.#byTopic.delete(topic);
    }
  }

  /** Returns how many subscribers received the message. */
  publish(message: EncodedMessage): number {
    const set = this.#byTopic.get(message.message.topic);
    if (set === undefined) return 0;
    let delivered = 0;
    for (const subscriber of set) {
      if (!matchesFilters(message.message, subscriber.filters)) continue;
      subscriber.deliver(message);
      delivered++;
    }
    return delivered;
  }

  keepalive(id: string, time: number): void {
    for (const subscriber of this.#all) subscriber.keepalive(id, time);
  }

  closeAll(): void {
    for (const subscriber of [...this.#all]) subscriber.close();
  }
}
