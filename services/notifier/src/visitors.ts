// Per-visitor limits (ntfy's defaults): requests, e-mails and concurrent subscriptions per client address.

import { TokenBucket } from '@keel/kit';
import { errors } from './errors.ts';

export interface VisitorLimits {
  readonly requestBurst: number;
  readonly requestReplenishMs: number;
  readonly emailBurst: number;
  readonly emailReplenishMs: number;
  readonly subscriptionLimit: number;
  /** Addresses never request-limited (e.g. the scheduler that posts alerts for everyone). */
  readonly exemptHosts: ReadonlySet<string>;
}

/** ntfy v2.13 defaults: 60 requests then one per 5 s; 16 e-mails then one per hour; 30 subscriptions. */
export const NTFY_VISITOR_LIMITS: VisitorLimits = {
  requestBurst: 60,
  requestReplenishMs: 5_000,
  emailBurst: 16,
  emailReplenishMs: 3_600_000,
  subscriptionLimit: 30,
  exemptHosts: new Set(),
};

interface Visitor {
  readonly requests: TokenBucket;
  readonly emails: TokenBucket;
  subscriptions: number;
}

export class Visitors {
  readonly #limits: VisitorLimits;
  readonly #now: () => number;
  readonly #visitors = new Map<string, Visitor>();

  constructor(limits: VisitorLimits, now: () => number) {
    this.#limits = limits;
    this.#now = now;
  }

  get size(): number {
    return this.#visitors.size;
  }

  /** Throws 42901 when the visitor is over its request limit. */
  takeRequest(address: string): void {
    if (this.#limits.exemptHosts.has(address)) return;
    if (!this.#visitor(address).requests.take()) throw errors.tooManyRequests();
  }

  /** Throws 42902 when the visitor is over its e-mail limit. */
  takeEmail(address: string): void {
    if (!this.#visitor(address).emails.take()) throw errors.tooManyEmails();
  }

  /** Throws 42903 when the visitor has as many subscriptions as it may. */
  checkSubscription(address: string): void {
    if (this.#visitor(address).subscriptions >= this.#limits.subscriptionLimit) throw errors.tooManySubscriptions();
  }

  /** Counts a subscription in; throws 42903 at the limit. Call the returned function once it ends. */
  openSubscription(address: string): () => void {
    this.checkSubscription(address);
    const visitor = this.#visitor(address);
    visitor.subscriptions++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      visitor.subscriptions--;
    };
  }

  /** Forgets visitors with nothing in flight and full buckets: remembering them would change nothing. */
  prune(): void {
    for (const [address, visitor] of this.#visitors) {
      if (visitor.subscriptions === 0 && visitor.requests.full && visitor.emails.full) this.#visitors.delete(address);
    }
  }

  #visitor(address: string): Visitor {
    const key = visitorKey(address);
    let visitor = this.#visitors.get(key);
    if (visitor === undefined) {
      const now = this.#now;
      visitor = {
        requests: new TokenBucket({
          burst: this.#limits.requestBurst,
          replenishMs: this.#limits.requestReplenishMs,
          now,
        }),
        emails: new TokenBucket({ burst: this.#limits.emailBurst, replenishMs: this.#limits.emailReplenishMs, now }),
        subscriptions: 0,
      };
      this.#visitors.set(key, visitor);
    }
    return visitor;
  }
}

/** IPv4 addresses are visitors on their own; IPv6 ones by /64, as one host usually holds a whole /64. */
export function visitorKey(address: string): string {
  if (!address.includes(':')) return address;
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4mapped?.[1] !== undefined) return v4mapped[1];
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client's address: the peer's, or, when the peer is a trusted proxy (the gateway), the last address it
 * appended to X-Forwarded-For. Never the header of an untrusted peer, which anyone can forge.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trustedProxies: ReadonlySet<string>): string {
  if (forwardedFor === null || !trustedProxies.has(peer)) return peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  return hops.at(-1) ?? peer;
}
