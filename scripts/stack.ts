// Runs every service of the stack as a child process in the foreground; Ctrl-C stops them all cleanly.

import { resolve } from 'node:path';

interface Service {
  readonly name: string;
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
}

/** The local stack. Each service keeps its data under ./data/<name>. */
const SERVICES: readonly Service[] = [
  {
    name: 'scheduler',
    entry: 'services/scheduler/src/main.ts',
    env: { PORT: '8080', DATA_DIR: 'data/scheduler' },
  },
  {
    name: 'notifier',
    entry: 'services/notifier/src/main.ts',
    // 80 is the notifier's port in a container; locally it takes the next free one after the scheduler.
    env: { PORT: '8081', DATA_DIR: 'data/notifier' },
  },
];

const root = resolve(import.meta.dir, '..');
let stopping = false;

const children = SERVICES.map((service) => {
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
  return { service, child };
});

console.error(`[stack] started ${SERVICES.map((s) => `${s.name} (${s.env.PORT})`).join(', ')}; Ctrl-C stops all`);

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
