// A small coloured dot for a topic's connection: green live, amber connecting, red reconnecting.

import type { ConnectionStatus } from './lib/topic-connection.ts';

export const STATUS_TEXT: Readonly<Record<ConnectionStatus, string>> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost, retrying…',
};

export function StatusDot(props: { status: ConnectionStatus }) {
  return <span class="status-dot" data-status={props.status} role="img" aria-label={STATUS_TEXT[props.status]} />;
}
