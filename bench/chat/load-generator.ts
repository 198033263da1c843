// The chat benchmark's load generator, in its own process. One mode per run; prints one JSON object on stdout.
//
//   auth    <url> <users> <seconds>                          register users through the API, then time logins
//   direct  <url> <usersFile> <pairs> <seconds> <workers> <http|ws>   one-to-one messages, recipients on sockets;
//           sent by POST (workers requests in flight) or as socket frames (workers in flight per sender)
//   group   <url> <usersFile> <members> <senders> <seconds> <workers>   posts fanned out to a group
//   connect <url> <usersFile> <from> <count> <hosts>          hold authenticated sockets until SIGTERM
//
// Message bodies are 256 bytes whose first 8 hold the send time, so latency is send → pushed frame, one clock.

import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { fingerprint as fingerprintOf } from '@keel/identity';
import { percentile, round } from '@keel/kit/testing';

interface User {
  readonly fingerprint: string;
  readonly token: string;
}

const [mode = '', url = '', ...rest] = process.argv.slice(2);
const BODY_BYTES = 256;
const wsUrl = (host = '127.0.0.1') => `ws://${host}:${new URL(url).port}/v1/ws`;
const now = () => performance.timeOrigin + performance.now();

function timedBody(): string {
  const body = new Uint8Array(BODY_BYTES);
  new DataView(body.buffer).setFloat64(0, now());
  return Buffer.from(body).toString('base64');
}

async function post(path: string, token: string | null, body: unknown): Promise<Response> {
  return await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

async function readUsers(file: string): Promise<User[]> {
  return (await Bun.file(file).json()) as User[];
}

/** A receiving socket: counts pushed frames of `kind`, records latency, acknowledges in batches. */
function receiver(user: User, kind: string, latencies: number[], counts: { delivered: number }, host?: string) {
  const socket = new WebSocket(wsUrl(host), {
    headers: { authorization: `Bearer ${user.token}` },
  } as unknown as string[]);
  let pending: number[] = [];
  const flush = () => {
    if (pending.length === 0 || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ type: 'ack', server_ids: pending }));
    pending = [];
  };
  const timer = setInterval(flush, 20);
  let emptied: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    emptied = resolve;
  });
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as { type: string; kind?: string; server_id?: number; body?: string };
    if (frame.type === 'queue_empty') {
      emptied();
      return;
    }
    pending.push(frame.server_id as number);
    if (pending.length >= 128) flush();
    if (frame.kind !== kind) return;
    counts.delivered += 1;
    const sentAt = Buffer.from(frame.body as string, 'base64').readDoubleBE(0);
    latencies.push(now() - sentAt);
  });
  return { socket, ready, stop: () => clearInterval(timer) };
}

/** Runs `workers` loops calling `step` until `seconds` pass; returns the calls that answered 202. */
async function drive(workers: number, seconds: number, step: (n: number) => Promise<Response>) {
  const until = performance.now() + seconds * 1000;
  let accepted = 0;
  let failed = 0;
  const statuses: Record<number, number> = {};
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const response = await step(n++);
        if (response.status === 202) accepted += 1;
        else {
          failed += 1;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
        await response.arrayBuffer();
      }
    }),
  );
  return { accepted, failed, statuses };
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50), 2), p99_ms: round(percentile(sorted, 99), 2) };
}

async function settle(counts: { delivered: number }, expected: number): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (counts.delivered < expected && performance.now() < deadline) await Bun.sleep(20);
}

/** An Ed25519 identity through node:crypto: its raw 32-byte public key and a signer. */
function identity(): { publicKey: Uint8Array; privateKey: KeyObject } {
  const pair = generateKeyPairSync('ed25519');
  const jwk = pair.publicKey.export({ format: 'jwk' }) as { x: string };
  return { publicKey: new Uint8Array(Buffer.from(jwk.x, 'base64url')), privateKey: pair.privateKey };
}

async function auth(users: number, seconds: number) {
  const registered: { fingerprint: string; secretKey: KeyObject }[] = [];
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < users) {
        next += 1;
        const id = identity();
        const signedPrekey = crypto.getRandomValues(new Uint8Array(32));
        const fingerprint = fingerprintOf(id.publicKey);
        const response = await fetch(`${url}/v1/keys`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fingerprint,
            identity_key: b64(id.publicKey),
            identity_dh_key: b64(crypto.getRandomValues(new Uint8Array(32))),
            signed_prekey: {
              id: 1,
              public_key: b64(signedPrekey),
              signature: b64(sign(null, signedPrekey, id.privateKey)),
            },
          }),
        });
        if (response.status !== 201) throw new Error(`register answered ${response.status}`);
        registered.push({ fingerprint, secretKey: id.privateKey });
      }
    }),
  );
  const challengeMs: number[] = [];
  const verifyMs: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const user = registered[i % registered.length] as { fingerprint: string; secretKey: KeyObject };
    let t = performance.now();
    const { challenge } = (await (
      await post('/v1/auth/challenge', null, { fingerprint: user.fingerprint })
    ).json()) as {
      challenge: string;
    };
    challengeMs.push(performance.now() - t);
    const signature = sign(null, Buffer.from(challenge, 'hex'), user.secretKey);
    t = performance.now();
    const verified = await post('/v1/auth/verify', null, {
      fingerprint: user.fingerprint,
      challenge,
      signature: signature.toString('base64'),
    });
    verifyMs.push(performance.now() - t);
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
    await verified.arrayBuffer();
  }
  return {
    users: registered.length,
    logins: verifyMs.length,
    challenge: summary(challengeMs),
    verify: summary(verifyMs),
  };
}

/** Senders on their own sockets, each keeping `window` send frames unanswered; returns accepted and failed. */
async function socketSenders(
  senders: User[],
  seconds: number,
  window: number,
  frame: (n: number, i: number) => unknown,
) {
  let accepted = 0;
  let failed = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    senders.map(
      (sender, i) =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(wsUrl(), {
            headers: { authorization: `Bearer ${sender.token}` },
          } as unknown as string[]);
          let outstanding = 0;
          const next = () => {
            if (performance.now() >= until) {
              if (outstanding === 0) {
                socket.close();
                resolve();
              }
              return;
            }
            outstanding += 1;
            socket.send(JSON.stringify(frame(n++, i)));
          };
          socket.addEventListener('message', (event) => {
            const reply = JSON.parse(String(event.data)) as { type: string };
            if (reply.type === 'queue_empty') for (let k = 0; k < window; k++) next();
            if (reply.type !== 'sent' && reply.type !== 'error') return;
            outstanding -= 1;
            if (reply.type === 'sent') accepted += 1;
            else failed += 1;
            next();
          });
        }),
    ),
  );
  return { accepted, failed, statuses: {} };
}

async function direct(users: User[], pairs: number, seconds: number, workers: number, transport: string) {
  const latencies: number[] = [];
  const counts = { delivered: 0 };
  const receivers = users.slice(pairs, 2 * pairs).map((u) => receiver(u, 'RatchetMessage', latencies, counts));
  await Promise.all(receivers.map((r) => r.ready));
  const message = (n: number, pair: number) => ({
    id: `msg-${n}-${pair}-bench`,
    to: (users[pairs + pair] as User).fingerprint,
    kind: 'RatchetMessage',
    body: timedBody(),
  });
  const started = performance.now();
  const result =
    transport === 'ws'
      ? await socketSenders(users.slice(0, pairs), seconds, workers, (n, i) => ({ type: 'send', ...message(n, i) }))
      : await drive(workers, seconds, (n) =>
          post('/v1/messages', (users[n % pairs] as User).token, message(n, n % pairs)),
        );
  const elapsed = (performance.now() - started) / 1000;
  await settle(counts, result.accepted);
  for (const r of receivers) r.stop();
  return {
    transport,
    pairs,
    in_flight: transport === 'ws' ? workers * pairs : workers,
    accepted_per_s: Math.round(result.accepted / elapsed),
    failed: result.failed,
    failed_statuses: result.statuses,
    delivered: counts.delivered,
    accepted: result.accepted,
    latency: summary(latencies),
  };
}

async function group(users: User[], members: number, senders: number, seconds: number, workers: number) {
  const crew = users.slice(0, members);
  const [owner, ...others] = crew as [User, ...User[]];
  const created = await post('/v1/groups/create', owner.token, { name: 'bench' });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  for (const member of others) await post('/v1/groups/bench/join', member.token, {});
  const latencies: number[] = [];
  const counts = { delivered: 0 };
  const receivers = crew.map((u) => receiver(u, 'GroupMessage', latencies, counts));
  await Promise.all(receivers.map((r) => r.ready));
  const started = performance.now();
  const result = await drive(workers, seconds, (n) => {
    const sender = crew[n % senders] as User;
    const body = timedBody();
    const copies = crew.filter((u) => u !== sender).map((u) => ({ to: u.fingerprint, body }));
    return post('/v1/groups/bench/send', sender.token, { id: `post-${n}-g`, copies });
  });
  const elapsed = (performance.now() - started) / 1000;
  await settle(counts, result.accepted * (members - 1));
  for (const r of receivers) r.stop();
  return {
    members,
    senders,
    workers,
    posts_per_s: Math.round(result.accepted / elapsed),
    delivered_per_s: Math.round(counts.delivered / elapsed),
    failed: result.failed,
    failed_statuses: result.statuses,
    latency: summary(latencies),
  };
}

async function connect(users: User[], from: number, count: number, hosts: number) {
  const counts = { delivered: 0 };
  const open: ReturnType<typeof receiver>[] = [];
  for (let i = from; i < from + count; i++) {
    open.push(receiver(users[i] as User, 'none', [], counts, `127.0.0.${1 + (i % hosts)}`));
    // Open in waves so the server's accept queue never overflows.
    if (open.length % 500 === 0) await Promise.all(open.slice(-500).map((r) => r.ready));
  }
  await Promise.all(open.map((r) => r.ready));
  for (const r of open) r.stop();
  process.stdout.write(`${JSON.stringify({ ready: open.length })}\n`);
  await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  return null;
}

const numbers = (from: number) => rest.slice(from).map(Number);
let output: unknown;
if (mode === 'auth') output = await auth(...(numbers(0) as [number, number]));
else if (mode === 'direct') {
  const [pairs, seconds, workers] = numbers(1) as [number, number, number];
  output = await direct(await readUsers(rest[0] ?? ''), pairs, seconds, workers, rest[4] ?? 'http');
} else if (mode === 'group')
  output = await group(await readUsers(rest[0] ?? ''), ...(numbers(1) as [number, number, number, number]));
else if (mode === 'connect')
  output = await connect(await readUsers(rest[0] ?? ''), ...(numbers(1) as [number, number, number]));
else {
  process.stderr.write('usage: see the top of bench/chat/load-generator.ts\n');
  process.exit(2);
}
if (output !== null) process.stdout.write(`${JSON.stringify(output)}\n`);
process.exit(0);
