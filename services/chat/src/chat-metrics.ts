// The chat server's own metrics, beside the kit's HTTP ones: sockets held and messages accepted, by kind.

import { tallyCounter } from '@keel/kit';
import { Gauge, type Registry } from 'prom-client';

export function chatMetrics(registry: Registry, sockets: () => number) {
  new Gauge({
    name: 'chat_websocket_connections',
    help: 'Authenticated WebSockets receiving pushes',
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  return {
    accepted: tallyCounter({
      name: 'chat_messages_accepted_total',
      help: 'Message copies queued (one per recipient), by kind',
      label: 'kind',
      registry,
    }),
  };
}
