// Runs every service of the stack as a child process in the foreground; Ctrl-C stops them all cleanly.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

interface Service {
  readonly name: string;
  readonly entry: string;
  /** Shown in the start-up line. */
  readonly listens: string;
  readonly env: Readonly<Record<string, string>>;
  /** Started only once this holds (a service it needs is up). */
  readonly after?: () => Promise<boolean>;
}

const DEVCHAIN_RPC = 'http://127.0.0.1:8545';

/**
 * The local chain answers and has written its files: contracts.yaml for the ownership cache, and before it
 * chains.json for the web app.
 */
async function devchainReady(): Promise<boolean> {
  if (!existsSync('data/devchain/contracts.yaml')) return false;
  try {
    const response = await fetch(DEVCHAIN_RPC, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return response.ok;
  } catch {
    // Not listening yet.
    return false;
  }
}

/** The local stack. Each service keeps its data under ./data/<name>. */
const SERVICES: readonly Service[] = [
  {
    name: 'devchain',
    entry: 'services/devchain/src/main.ts',
    listens: 'RPC 8545',
    // A local anvil chain with Multicall3 and TestPositions; writes data/devchain/contracts.yaml for the ownership cache.
    env: { DEVCHAIN_PORT: '8545', DATA_DIR: 'data/devchain' },
  },
  {
    name: 'scheduler',
    entry: 'services/scheduler/src/main.ts',
    // 8080 is the scheduler's own default (and its port in a container); locally the gateway holds 8080.
    listens: '8082',
    env: { PORT: '8082', DATA_DIR: 'data/scheduler' },
  },
  {
    name: 'notifier',
    entry: 'services/notifier/src/main.ts',
    listens: '8081',
    // 80 is the notifier's port in a container; locally it takes the next free one after the scheduler.
    env: { PORT: '8081', DATA_DIR: 'data/notifier' },
  },
  {
    name: 'ownercache',
    entry: 'services/ownercache/src/main.ts',
    listens: '8090',
    // Against the local chain by default; set BASE_RPC_URL and OWNERCACHE_CONFIG in .env for a real one.
    env: {
      PORT: '8090',
      DATA_DIR: 'data/ownercache',
      OWNERCACHE_CONFIG: process.env.OWNERCACHE_CONFIG ?? 'data/devchain/contracts.yaml',
      BASE_RPC_URL: process.env.BASE_RPC_URL ?? DEVCHAIN_RPC,
    },
    after: devchainReady,
  },
  {
    name: 'webapp',
    entry: 'services/webapp/src/main.ts',
    listens: '3000',
    // Reads the local chain's positions through the chains file the devchain writes; keys come from .env.
    env: {
      PORT: '3000',
      DATA_DIR: 'data/webapp',
      WEBAPP_CHAINS_CONFIG: process.env.WEBAPP_CHAINS_CONFIG ?? 'data/devchain/chains.json',
      PUBLIC_SCHEDULER_API_KEY: process.env.SCHEDULER_API_KEY ?? '',
      PUBLIC_OWNERCACHE_API_KEY: process.env.OWNERCACHE_API_KEY ?? '',
      WEBAPP_SCHEDULER_URL: 'http://127.0.0.1:8082',
      WEBAPP_NOTIFIER_URL: 'http://127.0.0.1:8081',
    },
    after: devchainReady,
  },
  {
    name: 'chat',
    entry: 'services/chat/src/main.ts',
    listens: '7700',
    // Key bundles and challenge-response tokens; a voice relay checks its tokens at /v1/auth/validate.
    env: { PORT: '7700', DATA_DIR: 'data/chat' },
  },
  {
    name: 'gateway',
    entry: 'services/gateway/src/main.ts',
    listens: '8080',
    // Its upstream defaults are the local ports above.
    env: { GATEWAY_PORT: '8080' },
  },
];

const root = resolve(import.meta.dir, '..');
process.chdir(root);
let stopping = false;
const children: { service: Service; child: ReturnType<typeof Bun.spawn> }[] = [];

function start(service: Service): void {
  const child = Bun.spawn({
    cmd: [process.execPath, service.entry],
    cwd: root,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Own process group: Ctrl-C reaches only this supervisor, which stops each child exactly once.
    detached: true,
  });
  child.exited.then((code) => {
    if (stopping) return;
    console.error(`[stack] ${service.name} exited with code ${code}; stopping the stack`);
    stop(1);
  });
  children.push({ service, child });
}

function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) child.kill('SIGTERM');
  Promise.all(children.map(({ child }) => child.exited)).then((codes) => {
    const failed = codes.some((code) => code !== 0);
    console.error(`[stack] all services stopped${failed ? ' (some with errors)' : ''}`);
    process.exit(exitCode || (failed ? 1 : 0));
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

for (const service of SERVICES) {
  if (service.after !== undefined) {
    const deadline = Date.now() + 120_000;
    while (!stopping && !(await service.after())) {
      if (Date.now() > deadline) {
        console.error(`[stack] ${service.name}: what it needs did not come up within 120 s; stopping the stack`);
        stop(1);
      }
      await Bun.sleep(200);
    }
  }
  if (stopping) break;
  start(service);
}
if (!stopping) {
  console.error(`[stack] started ${SERVICES.map((s) => `${s.name} (${s.listens})`).join(', ')}; Ctrl-C stops all`);
}
