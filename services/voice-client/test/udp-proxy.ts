// A UDP proxy for tests: sits between one client and a server, and drops, delays and reorders datagrams per
// direction from a seeded generator, so a call can be pushed through a bad network and back.

import type { udp } from 'bun';
import { seededRandom } from '../../../scripts/test-support/seeded-random.ts';

export interface ProxyConditions {
  /** Share of datagrams dropped, 0..1. */
  readonly loss: number;
  /** Added one-way delay, ms. */
  readonly delayMs: number;
  /** Extra random delay up to this many ms (reorders packets). */
  readonly jitterMs: number;
}

const CLEAR: ProxyConditions = { loss: 0, delayMs: 0, jitterMs: 0 };

export interface UdpProxy {
  /** Where the client should send. */
  readonly port: number;
  /** Conditions for client → server (`up`) and server → client (`down`). */
  set(conditions: { up?: ProxyConditions; down?: ProxyConditions }): void;
  readonly dropped: { up: number; down: number };
  close(): void;
}

export async function udpProxy(server: { host: string; port: number }, seed = 1): Promise<UdpProxy> {
  const random = seededRandom(seed);
  let up = CLEAR;
  let down = CLEAR;
  const dropped = { up: 0, down: 0 };
  let client: { host: string; port: number } | null = null;
  let closed = false;
  const relay = (conditions: ProxyConditions, send: () => void, direction: 'up' | 'down') => {
    if (closed) return;
    if (random() < conditions.loss) {
      dropped[direction] += 1;
      return;
    }
    const delay = conditions.delayMs + random() * conditions.jitterMs;
    if (delay <= 0) send();
    else setTimeout(() => closed || send(), delay);
  };
  let toClient: udp.Socket<'uint8array'> | null = null;
  const toServer = await Bun.udpSocket({
    binaryType: 'uint8array',
    socket: {
      data(_socket, data) {
        const target = client;
        if (target === null || toClient === null) return;
        const socket = toClient;
        const bytes = data.slice();
        relay(down, () => socket.send(bytes, target.port, target.host), 'down');
      },
      error() {},
    },
  });
  toClient = await Bun.udpSocket({
    hostname: '127.0.0.1',
    port: 0,
    binaryType: 'uint8array',
    socket: {
      data(_socket, data, port, address) {
        client = { host: address, port };
        const bytes = data.slice();
        relay(up, () => toServer.send(bytes, server.port, server.host), 'up');
      },
      error() {},
    },
  });
  return {
    port: toClient.port,
    set(conditions) {
      up = conditions.up ?? up;
      down = conditions.down ?? down;
    },
    dropped,
    close() {
      closed = true;
      toClient?.close();
      toServer.close();
    },
  };
}
