// A whole chat server in-process on a temp SQLite file, with a clock the test can move, and users that register
// real key bundles and log in with real signatures.

import { deriveKeys, fingerprint, generateSeed, type IdentityKeys } from '@keel/identity';
import { createLogger } from '@keel/kit';
import { tempDir } from '@keel/kit/testing';
import sodium from 'libsodium-wrappers';
import { type Chat, createChat } from '../../src/chat.ts';
import type { ChatConfig } from '../../src/config.ts';

export interface TestClock {
  now: number;
}

export interface TestUser {
  readonly keys: IdentityKeys;
  readonly fingerprint: string;
  readonly bundle: Record<string, unknown>;
  token: string;
}

export interface TestChat extends AsyncDisposable {
  readonly chat: Chat;
  readonly clock: TestClock;
  readonly dataDir: string;
  request(
    method: string,
    path: string,
    init?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A fresh identity with a registered bundle (`prekeys` one-time prekeys, ids 1..n) and a token. */
  user(options?: { prekeys?: number; alias?: string }): Promise<TestUser>;
  /** Serves the app on a free loopback port (for WebSockets); returns `host:port`. */
  listen(): string;
  /** Asks for a challenge and signs it: the verify body, not yet sent. */
  signedChallenge(user: { keys: IdentityKeys; fingerprint: string }): Promise<Record<string, string>>;
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A response's JSON body, read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests compare the wire JSON, whose shape is what they check
export type Json = any;

export async function json(response: Response | Promise<Response>): Promise<Json> {
  return await (await response).json();
}

/** A chat server's settings for tests: loopback, silent, limits out of the way (tests of a limit set their own). */
export function testChatConfig(dataDir: string, overrides: Partial<ChatConfig> = {}): ChatConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'silent',
    durability: 'full',
    cors: null,
    bundleFetchLimit: { burst: 1_000, replenishMs: 1_000 },
    challengeLimit: { burst: 1_000, replenishMs: 1_000 },
    sendLimit: { burst: 100_000, replenishMs: 1 },
    ...overrides,
  };
}

/** `dataDir` reuses a directory (restart tests; the caller removes it). */
export async function startTestChat(
  overrides: Partial<ChatConfig> = {},
  { dataDir }: { dataDir?: string } = {},
): Promise<TestChat> {
  await sodium.ready;
  const dir = dataDir === undefined ? await tempDir('chat-') : null;
  const clock: TestClock = { now: Date.UTC(2026, 10, 22) };
  const config = testChatConfig(dataDir ?? dir?.path ?? '', overrides);
  const chat = await createChat(config, {
    logger: createLogger({ level: 'silent' }),
    now: () => clock.now,
    processMetrics: false,
  });

  const request: TestChat['request'] = (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return chat.app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  };

  const signedChallenge: TestChat['signedChallenge'] = async ({ keys, fingerprint }) => {
    const response = await request('POST', '/v1/auth/challenge', { body: { fingerprint } });
    const { challenge } = (await response.json()) as { challenge: string };
    const signature = sodium.crypto_sign_detached(Buffer.from(challenge, 'hex'), keys.ed25519.secretKey);
    return { fingerprint, challenge, signature: b64(signature) };
  };

  let listening = false;
  return {
    chat,
    clock,
    dataDir: config.dataDir,
    request,
    signedChallenge,
    listen() {
      chat.app.listen({ port: 0, hostname: '127.0.0.1' });
      listening = true;
      return `127.0.0.1:${chat.app.server?.port}`;
    },
    async user({ prekeys = 5, alias } = {}) {
      const keys = await deriveKeys(generateSeed());
      const bundle = bundleFor(keys, { prekeys, alias });
      const uploaded = await request('PUT', '/v1/keys', { body: bundle });
      if (uploaded.status !== 201)
        throw new Error(`bundle upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const fingerprint = String(bundle.fingerprint);
      const verified = await request('POST', '/v1/auth/verify', { body: await signedChallenge({ keys, fingerprint }) });
      const { token } = (await verified.json()) as { token: string };
      return { keys, fingerprint, bundle, token };
    },
    async [Symbol.asyncDispose]() {
      if (listening) {
        chat.hub.closeAll();
        await chat.app.stop(true);
      }
      chat.close();
      await dir?.[Symbol.asyncDispose]();
    },
  };
}

/** A valid PUT /v1/keys body for `keys`: a signed prekey (id 1) and one-time prekeys with ids `firstId`.. */
export function bundleFor(
  keys: IdentityKeys,
  { prekeys = 5, firstId = 1, alias }: { prekeys?: number; firstId?: number; alias?: string } = {},
): Record<string, unknown> {
  const signedPrekey = sodium.crypto_box_keypair();
  return {
    fingerprint: fingerprint(keys.ed25519.publicKey),
    identity_key: b64(keys.ed25519.publicKey),
    identity_dh_key: b64(keys.x25519.publicKey),
    signed_prekey: {
      id: 1,
      public_key: b64(signedPrekey.publicKey),
      signature: b64(sodium.crypto_sign_detached(signedPrekey.publicKey, keys.ed25519.secretKey)),
    },
    one_time_prekeys: Array.from({ length: prekeys }, (_, i) => ({
      id: firstId + i,
      public_key: b64(sodium.crypto_box_keypair().publicKey),
    })),
    ...(alias === undefined ? {} : { alias }),
  };
}
