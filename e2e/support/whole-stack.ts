// The whole alerting stack as real processes on loopback: dev chain, notifier (with an SMTP sink), scheduler,
// ownership cache, web app and the gateway in front, wired to each other like `npm start` wires them.

import { join } from 'node:path';
import { type DevStack, startDevStack } from '@keel/devchain';
import { createLogger } from '@keel/kit';
import { type ServiceProcess, spawnService, tempDir } from '@keel/kit/testing';
import { type SmtpSink, startSmtpSink } from '../../services/notifier/test/support/smtp-sink.ts';

const ROOT = join(import.meta.dir, '..', '..');
const entry = (service: string) => join(ROOT, 'services', service, 'src', 'main.ts');

export const SCHEDULER_KEY = 'e2e-scheduler-key-0123456789abcdef0123456789';
export const OWNERCACHE_KEY = 'e2e-ownercache-key-0123456789abcdef012345678';
export const TASK_KEY = 'e2e-task-key-0123456789abcdef0123456789abcdef';

export interface WholeStack extends AsyncDisposable {
  readonly gatewayUrl: string;
  /** Each service's data directory is `<dataDir>/<service>`. */
  readonly dataDir: string;
  readonly chain: DevStack;
  readonly smtp: SmtpSink;
  readonly services: Readonly<Record<string, ServiceProcess>>;
}

export async function startWholeStack(): Promise<WholeStack> {
  const dir = await tempDir('e2e-stack-');
  const data = (name: string) => join(dir.path, name);
  const cleanups: (() => PromiseLike<unknown>)[] = [() => dir[Symbol.asyncDispose]()];
  const services: Record<string, ServiceProcess> = {};
  try {
    const chain = await startDevStack({
      port: 0,
      dataDir: data('devchain'),
      logger: createLogger({ level: 'silent' }),
    });
    cleanups.unshift(() => chain.stop());
    const smtp = await startSmtpSink();
    cleanups.unshift(() => smtp[Symbol.asyncDispose]());
    const start = async (name: string, env: Record<string, string>, args: string[] = []) => {
      const service = await spawnService({
        entry: entry(name),
        env: { DATA_DIR: data(name), LOG_LEVEL: 'info', ...env },
        args,
      });
      cleanups.unshift(() => service[Symbol.asyncDispose]());
      services[name] = service;
      return service;
    };
    const notifier = await start('notifier', {
      NOTIFIER_BASE_URL: 'http://localhost/notifier',
      NOTIFIER_SMTP_SENDER_ADDR: `${smtp.host}:${smtp.port}`,
      NOTIFIER_SMTP_SENDER_FROM: 'alerts@keel.test',
      // Every test request comes from 127.0.0.1; the web app publishes for everyone from there too.
      NOTIFIER_VISITOR_REQUEST_LIMIT_EXEMPT_HOSTS: '127.0.0.1',
    });
    const scheduler = await start('scheduler', { SCHEDULER_API_KEY: SCHEDULER_KEY, SCHEDULER_RETRY_BASE: '200ms' });
    const ownercache = await start('ownercache', {
      OWNERCACHE_API_KEY: OWNERCACHE_KEY,
      OWNERCACHE_CONFIG: join(data('devchain'), 'contracts.yaml'),
      BASE_RPC_URL: chain.anvil.rpcUrl,
      OWNERCACHE_POLL_INTERVAL: '250ms',
    });
    // The scheduler calls the web app back at WEBAPP_PUBLIC_URL, so its port is chosen first (a later --port wins).
    const webappPort = freePort();
    const webapp = await start(
      'webapp',
      {
        WEBAPP_CHAINS_CONFIG: join(data('devchain'), 'chains.json'),
        WEBAPP_NOTIFIER_URL: notifier.url,
        WEBAPP_SCHEDULER_URL: scheduler.url,
        SCHEDULER_API_KEY: SCHEDULER_KEY,
        PUBLIC_SCHEDULER_API_KEY: SCHEDULER_KEY,
        PUBLIC_OWNERCACHE_API_KEY: OWNERCACHE_KEY,
        WEBAPP_TASK_KEY: TASK_KEY,
        WEBAPP_CHECK_INTERVAL: '1s',
        WEBAPP_PUBLIC_URL: `http://127.0.0.1:${webappPort}`,
      },
      ['--port', String(webappPort)],
    );
    const gateway = await start('gateway', {
      GATEWAY_WEBAPP_URL: webapp.url,
      GATEWAY_NOTIFIER_URL: notifier.url,
      GATEWAY_SCHEDULER_URL: scheduler.url,
      GATEWAY_OWNERCACHE_URL: ownercache.url,
    });
    return {
      gatewayUrl: gateway.url,
      dataDir: dir.path,
      chain,
      smtp,
      services,
      async [Symbol.asyncDispose]() {
        for (const cleanup of cleanups) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups) await cleanup();
    throw error;
  }
}

/** A port free right now: bound, read, released. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}
