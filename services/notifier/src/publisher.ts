// What a publish does once it is valid: store it, fan it out (now or at its time), send its e-mail.

import type { Logger } from '@keel/kit';
import type { Counter } from 'prom-client';
import type { DelayedDelivery } from './delayed-delivery.ts';
import type { Message } from './message.ts';
import type { MessageStore } from './message-store.ts';
import type { Publication } from './publication.ts';
import { EncodedMessage } from './stream-format.ts';
import type { TopicHub } from './topic-hub.ts';

/** The e-mail side, as the publisher needs it: queue and return at once. */
export interface MailSender {
  send(to: string, message: Message, senderIp: string): void;
}

export interface PublisherOptions {
  readonly store: MessageStore;
  readonly hub: TopicHub;
  readonly delayed: DelayedDelivery;
  readonly mailer: MailSender | null;
  readonly published: Counter;
  readonly logger: Logger;
}

export class Publisher {
  readonly #options: PublisherOptions;

  constructor(options: PublisherOptions) {
    this.#options = options;
  }

  /** Resolves once the message is stored (when cached) and handed to every live subscriber. */
  async publish(publication: Publication, senderIp: string): Promise<void> {
    const { store, hub, delayed, mailer, published, logger } = this.#options;
    const { message } = publication;
    // Commit before fan-out, with no await after it: a subscriber that reads the cache in between cannot exist.
    if (publication.cached) await store.add(message, !publication.delayed);
    if (publication.delayed) {
      delayed.added(message.time);
      logger.debug('message scheduled', { topic: message.topic, id: message.id, time: message.time });
      return;
    }
    const receivers = hub.publish(new EncodedMessage(message));
    published.inc();
    if (publication.email !== null) mailer?.send(publication.email, message, senderIp);
    logger.debug('message published', { topic: message.topic, id: message.id, receivers });
  }
}
