// The web app in-process (listening on a free loopback port, so a scheduler can call it back), plus its config.

import { createLogger } from '@keel/kit';
import { type LocalServer, localServer, type TempDir, tempDir } from '@keel/kit/testing';
import type { ChainConfig, WebappConfig } from '../../src/config.ts';
import { createWebapp, systemEnvironment, type Webapp } from '../../src/webapp.ts';

export const SCHEDULER_KEY = 'scheduler-key-0123456789abcdef0123456789abcdef';
export const TASK_KEY = 'task-key-0123456789abcdef0123456789abcdef';
/** A loopback port nothing listens on (the discard service is never run on test machines). */
export const DEAD_URL = 'http://127.0.0.1:9';

export function testConfig(dataDir: string, overrides: Partial<WebappConfig> = {}): WebappConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'silent',
    durability: 'normal',
    chains: {},
    public: {
      walletProjectId: null,
      enableMainnet: false,
      notifierUrl: '/notifier',
      schedulerUrl: '/scheduler',
      ownercacheUrl: '/ownercache',
      schedulerApiKey: null,
      ownercacheApiKey: null,
    },
    notifierUrl: DEAD_URL,
    schedulerUrl: DEAD_URL,
    schedulerApiKey: SCHEDULER_KEY,
    publicUrl: DEAD_URL,
    taskKey: TASK_KEY,
    linkBase: 'http://dapp.test',
    checkIntervalMs: 4_000,
    webRoot: `${dataDir}/no-web-build`,
    ...overrides,
  };
}

/** A reference-protocol chain (what the dev stack writes) at `rpc`. */
export function referenceChain(rpc: string, nft: `0x${string}`, debt: `0x${string}`): ChainConfig {
  return {
    chainId: 31337,
    rpc,
    protocol: 'reference',
    nft,
    resolver: null,
    defaultPreset: 'ETH-USD',
    presets: [{ key: 'ETH-USD', label: 'ETH-USD', nft, debt }],
    ownercacheKey: 'ref-positions',
  };
}

export interface TestWebapp extends AsyncDisposable {
  readonly webapp: Webapp;
  readonly url: string;
  readonly config: WebappConfig;
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

/** `publicUrl` is set to the server's own address; `start: false` keeps the sweep from being scheduled. */
export async function startTestWebapp(
  overrides: Partial<WebappConfig> = {},
  { start = true }: { start?: boolean } = {},
): Promise<TestWebapp> {
  const dir: TempDir = await tempDir('webapp-');
  // The server listens before the app exists, so its URL can go into the config the app is built from.
  let handle: (request: Request) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  const server: LocalServer = localServer((request) => handle(request));
  const config = testConfig(dir.path, { publicUrl: server.url, ...overrides });
  const webapp = createWebapp(
    config,
    systemEnvironment({ logger: createLogger({ level: 'silent' }), processMetrics: false }),
  );
  handle = (request) => webapp.app.handle(request);
  if (start) webapp.start();
  return {
    webapp,
    url: server.url,
    config,
    request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      return webapp.app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    },
    async [Symbol.asyncDispose]() {
      await server[Symbol.asyncDispose]();
      await webapp.close();
      await dir[Symbol.asyncDispose]();
    },
  };
}
