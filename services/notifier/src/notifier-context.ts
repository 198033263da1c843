// What the notifier's routes share: the domain objects, the limits, the clock, and the client's address.

import type { Server } from 'bun';
import type { NotifierConfig } from './config.ts';
import type { MessageRate } from './message-rate.ts';
import type { MessageStore } from './message-store.ts';
import type { PublicationSettings } from './publication.ts';
import type { Publisher } from './publisher.ts';
import type { TopicHub } from './topic-hub.ts';
import { clientAddress, type Visitors } from './visitors.ts';

export interface NotifierContext {
  readonly config: NotifierConfig;
  readonly store: MessageStore;
  readonly hub: TopicHub;
  readonly publisher: Publisher;
  readonly visitors: Visitors;
  readonly rate: MessageRate;
  /** Wall clock, unix ms. */
  readonly now: () => number;
  readonly newId: () => string;
}

/** In-process requests (tests) have no socket; they all count as one local visitor. */
const NO_PEER = '127.0.0.1';

export function requestAddress(context: NotifierContext, request: Request, server: Server<unknown> | null): string {
  const peer = server?.requestIP(request)?.address ?? NO_PEER;
  return clientAddress(peer, request.headers.get('x-forwarded-for'), context.config.trustedProxies);
}

export function nowSeconds(context: NotifierContext): number {
  return Math.floor(context.now() / 1000);
}

export function publicationSettings(context: NotifierContext): PublicationSettings {
  return {
    nowSeconds: nowSeconds(context),
    newId: context.newId,
    cacheSeconds: Math.floor(context.config.cacheMs / 1000),
    delayLimitSeconds: Math.floor(context.config.delayLimitMs / 1000),
    emailEnabled: context.config.smtp !== null,
  };
}
