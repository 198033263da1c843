// The headers a proxied request and its answer carry: hop-by-hop ones dropped, X-Forwarded-* added.

/** RFC 9110 §7.6.1: these describe one connection, never the next hop's. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function withoutHopByHop(headers: Headers): Headers {
  const copy = new Headers(headers);
  // Connection may name more headers that are only for this hop.
  for (const name of (headers.get('connection') ?? '').split(',')) {
    if (name.trim() !== '') copy.delete(name.trim());
  }
  for (const name of HOP_BY_HOP) copy.delete(name);
  return copy;
}

export interface ForwardContext {
  /** The address of the peer that connected to the gateway. */
  readonly clientIp: string;
  /** `http` or `https`, as the client reached the gateway. */
  readonly proto: string;
  /** The Host the client asked for. */
  readonly host: string;
  /** The prefix stripped from the path (`/notifier`), for upstreams that build absolute links. */
  readonly prefix: string;
}

export function upstreamRequestHeaders(incoming: Headers, context: ForwardContext): Headers {
  const headers = withoutHopByHop(incoming);
  headers.delete('host');
  const prior = incoming.get('x-forwarded-for');
  headers.set('x-forwarded-for', prior === null ? context.clientIp : `${prior}, ${context.clientIp}`);
  headers.set('x-forwarded-proto', context.proto);
  headers.set('x-forwarded-host', context.host);
  if (context.prefix !== '') headers.set('x-forwarded-prefix', context.prefix);
  return headers;
}

export function downstreamResponseHeaders(upstream: Headers): Headers {
  return withoutHopByHop(upstream);
}
