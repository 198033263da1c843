// A real chat server in-process on a temp SQLite file, served on a free loopback port (HTTP and WebSocket), with
// services/chat's test settings and the real clock.

import { join } from 'node:path';
import { createChat } from '@keel/chat';
import type { KdfParams } from '@keel/identity';
import { createLogger } from '@keel/kit';
import { type TempDir, tempDir } from '@keel/kit/testing';
import { testChatConfig } from '../../../chat/test/support/test-chat.ts';
import { ChatClient } from '../../src/index.ts';

/** Argon2id at its floor: the seed file's cost is @keel/identity's concern; these tests open many profiles. */
export const TEST_KDF: KdfParams = { memoryKiB: 8, iterations: 1, parallelism: 1 };
export const PASSPHRASE = 'correct horse battery staple';

export interface ChatServer extends AsyncDisposable {
  readonly url: string;
  readonly dataDir: string;
  readonly sqlitePath: string;
  /** Profiles live here too, removed with the server. */
  readonly home: TempDir;
  /** Open WebSockets (the server's live inbox connections). */
  connections(): number;
  /** A new registered and logged-in profile in `home`. */
  user(alias: string): Promise<ChatClient>;
}

export async function startChatServer(): Promise<ChatServer> {
  const home = await tempDir('chat-client-');
  const dataDir = join(home.path, 'server');
  const chat = await createChat(testChatConfig(dataDir, { durability: 'normal' }), {
    logger: createLogger({ level: 'silent' }),
    now: Date.now,
    processMetrics: false,
  });
  chat.app.listen({ port: 0, hostname: '127.0.0.1' });
  const url = `http://127.0.0.1:${chat.app.server?.port}`;
  return {
    url,
    dataDir,
    sqlitePath: join(dataDir, 'chat.sqlite'),
    home,
    connections: () => chat.hub.connections,
    async user(alias) {
      const { client } = await ChatClient.create({
        dir: join(home.path, alias),
        passphrase: PASSPHRASE,
        kdf: TEST_KDF,
      });
      await client.register({ server: url, alias });
      return client;
    },
    async [Symbol.asyncDispose]() {
      chat.hub.closeAll();
      await chat.app.stop(true);
      chat.close();
      await home[Symbol.asyncDispose]();
    },
  };
}
