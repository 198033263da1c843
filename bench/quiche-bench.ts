// bench:quiche: what the quiche N-API binding costs per call, and the memory of one connection, in-process with no
// sockets (a client and a server connection handing packets to each other). The relay's hot path is made of these
// calls, so docs/benchmarks.md ("Voice relay") explains its per-datagram cost with them.

import { deriveKeys, generateSeed } from '@keel/identity';
import { machineInfo, round } from '@keel/kit/testing';
import { type QuicheConnection, quiche } from '@keel/native';
import { clientConfig, identityCertificate, serverConfig } from '../services/voice-transport/src/index.ts';

const keys = await deriveKeys(generateSeed());
const tls = identityCertificate(keys.ed25519);
const out = new Uint8Array(1_500);
const scratch = new Uint8Array(1_500);

function pump(from: QuicheConnection, to: QuicheConnection, fromAddress: object, toAddress: object): void {
  for (;;) {
    let sent: ReturnType<QuicheConnection['send']>;
    try {
      sent = from.send(out);
    } catch {
      return;
    }
    if (sent === null) return;
    to.recv(out.slice(0, sent[0]), { from: fromAddress, to: toAddress } as never);
  }
}

/** An established pair (port distinguishes pairs made for the memory figure). */
function pair(port: number) {
  const a = { host: '127.0.0.1', port };
  const b = { host: '127.0.0.1', port: 2 };
  const client = quiche.Connection.connect('relay', crypto.getRandomValues(new Uint8Array(16)), a, b, clientConfig());
  const server = quiche.Connection.accept(crypto.getRandomValues(new Uint8Array(16)), null, b, a, serverConfig(tls));
  for (let i = 0; i < 6; i++) {
    pump(client, server, a, b);
    pump(server, client, b, a);
  }
  return { client, server, a, b };
}

function time(name: string, runs: number, run: () => void): Record<string, unknown> {
  for (let i = 0; i < 1_000; i++) run();
  const started = performance.now();
  for (let i = 0; i < runs; i++) run();
  return { kind: 'call', name, us: round(((performance.now() - started) * 1_000) / runs, 3) };
}

const { client, server, a, b } = pair(1);
const payload = new Uint8Array(100);
let sentSinceAck = 0;
const rows = [
  time('readable() iterated (nothing readable)', 100_000, () => {
    for (const _ of client.readable());
  }),
  time('writable() iterated', 100_000, () => {
    for (const _ of client.writable());
  }),
  time('isReadable()', 100_000, () => client.isReadable()),
  time('timeout()', 100_000, () => client.timeout()),
  time('dgramRecv() with nothing queued', 100_000, () => server.dgramRecv(scratch)),
  time('send() with nothing to send', 100_000, () => {
    try {
      client.send(out);
    } catch {
      // Done
    }
  }),
  time('one datagram: dgramSend + send + recv + dgramRecv', 50_000, () => {
    client.dgramSend(payload);
    const sent = client.send(out);
    if (sent !== null) server.recv(out.subarray(0, sent[0]), { from: a, to: b });
    server.dgramRecv(scratch);
    // Acknowledge now and then, as a peer does, so the congestion window stays open.
    if (++sentSinceAck % 8 === 0) pump(server, client, b, a);
  }),
];
client.dgramSend(payload);
const packet = client.send(out) as [number, unknown];
const shortPacket = out.slice(0, packet[0]);
rows.push(time('Header.fromSlice + dcid', 100_000, () => quiche.Header.fromSlice(shortPacket, 16).dcid));
for (const row of rows) console.log(JSON.stringify(row));

// Memory: 500 established pairs, each having exchanged 20 datagrams each way.
const PAIRS = 500;
Bun.gc(true);
const before = process.memoryUsage().rss;
const kept: unknown[] = [];
for (let i = 0; i < PAIRS; i++) {
  const p = pair(1_000 + i);
  for (let j = 0; j < 20; j++) {
    p.client.dgramSend(payload);
    pump(p.client, p.server, p.a, p.b);
    while (p.server.dgramRecv(scratch) !== null);
    p.server.dgramSend(payload);
    pump(p.server, p.client, p.b, p.a);
    while (p.client.dgramRecv(scratch) !== null);
  }
  kept.push(p);
}
Bun.gc(true);
const perPair = (process.memoryUsage().rss - before) / 1024 / PAIRS;
console.log(JSON.stringify({ kind: 'memory', pairs: kept.length, kib_per_pair: round(perPair, 1) }));
console.log(JSON.stringify({ summary: { machine: machineInfo() } }));
