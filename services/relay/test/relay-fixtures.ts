// Test fixtures for calls through a real relay process: a relay with its own HOME and config file, and room members
// (VoiceCall) pinned to its fingerprint; everything is torn down by `cleanUp()` (call it in afterEach).

import { deriveKeys, generateSeed, type IdentityKeys } from '@keel/identity';
import { type TempDir, tempDir } from '@keel/kit/testing';
import { VoiceCall } from '@keel/voice-client';
import { RELAY_FROM_SOURCE, type RelayProcess, startRelay } from './relay-process.ts';

export function relayFixtures() {
  const steps: (() => unknown)[] = [];

  /** A relay whose config file is `toml` (default: its jitter buffer off), from source or a compiled binary. */
  async function relay(
    toml = 'jitter_target_depth = 0\n',
    command: readonly string[] = RELAY_FROM_SOURCE,
  ): Promise<{ relay: RelayProcess; home: TempDir }> {
    const home = await tempDir('relay-home-');
    await Bun.write(`${home.path}/relay.toml`, toml);
    steps.push(() => home[Symbol.asyncDispose]());
    const process = await startRelay(home.path, ['--config', `${home.path}/relay.toml`], command);
    steps.push(() => process[Symbol.asyncDispose]());
    return { relay: process, home };
  }

  async function member(
    r: RelayProcess,
    room: string,
    extra: { token?: string; identity?: IdentityKeys } = {},
  ): Promise<VoiceCall> {
    const call = await VoiceCall.dial({
      remote: { host: '127.0.0.1', port: r.port },
      verification: { fingerprint: r.fingerprint },
      room,
      identity: extra.identity ?? (await deriveKeys(generateSeed())),
      ...(extra.token === undefined ? {} : { token: extra.token }),
      jitter: { targetDepth: 1, maxDepth: 200, minDepth: 1, adaptive: null },
    });
    steps.push(() => call.hangUp());
    return call;
  }

  async function cleanUp(): Promise<void> {
    for (const step of steps.splice(0).reverse()) await step();
  }

  return { relay, member, cleanUp, defer: (step: () => unknown) => steps.push(step) };
}
