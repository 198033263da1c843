// Idle expiry, with the relay in process and short limits: a member that stops sending is hung up with Timeout,
// and the other member is told its call ended.

import { afterEach, expect, test } from 'bun:test';
import { deriveKeys, generateSeed } from '@keel/identity';
import { createLogger } from '@keel/kit';
import { VoiceCall } from '@keel/voice-client';
import { DEFAULT_RELAY_CONFIG } from '../src/index.ts';
import { RelayServer } from '../src/relay-server.ts';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test('a silent member is hung up with Timeout and its peer hears the call end', async () => {
  const server = await RelayServer.start({
    config: { ...DEFAULT_RELAY_CONFIG, listenAddr: { host: '127.0.0.1', port: 0 }, jitterTargetDepth: 0 },
    seed: generateSeed(),
    log: createLogger({ level: 'silent' }),
    idle: { inCallMs: 1_500, waitingMs: 60_000 },
  });
  cleanup.push(() => server.stop());
  const join = async () => {
    const call = await VoiceCall.dial({
      remote: server.address,
      verification: { fingerprint: server.fingerprint },
      room: 'quiet',
      identity: await deriveKeys(generateSeed()),
    });
    cleanup.push(() => call.hangUp());
    return call;
  };
  const alice = await join();
  const bob = await join();
  await Promise.all([alice.keyed(), bob.keyed()]);
  const started = Date.now();
  const [aliceEnd, bobEnd] = await Promise.all([alice.whenEnded(), bob.whenEnded()]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  expect(JSON.stringify([aliceEnd, bobEnd])).toContain('Timeout');
}, 15_000);
