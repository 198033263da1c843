// voice-relay: the relay daemon's entry point (command line, config, identity, QUIC listener, metrics, shutdown).
// Exit codes: 0 after a clean stop, --help or --version; 2 for a bad command line or config; 1 for anything else.

import { homedir } from 'node:os';
import { ConfigError, createLogger, type LogLevel } from '@keel/kit';
import { SOCKET_BUFFER_BYTES } from '@keel/voice-transport';
import { buildVersion } from './build-version.ts';
import { RelayError } from './errors.ts';
import { loadRelayIdentity } from './identity-file.ts';
import { inactiveFeatures } from './inactive-features.ts';
import { loadRelayConfig } from './load-relay-config.ts';
import { peersBlock } from './peers-block.ts';
import { parseRelayArgs } from './relay-args.ts';
import type { RelayConfig } from './relay-config.ts';
import { relayHelp, versionLine } from './relay-help.ts';
import { RelayServer } from './relay-server.ts';

function fail(message: string, code: number): never {
  process.stderr.write(`voice-relay: ${message}\n`);
  process.exit(code);
}

async function readConfig(argv: readonly string[]): Promise<RelayConfig | null> {
  try {
    const command = parseRelayArgs(argv);
    if (command.kind === 'help') {
      process.stdout.write(relayHelp());
      return null;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${versionLine(buildVersion())}\n`);
      return null;
    }
    return await loadRelayConfig(command.flags);
  } catch (error) {
    if (error instanceof RelayError || error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
}

const config = await readConfig(process.argv.slice(2));
if (config === null) process.exit(0);

const level: LogLevel = config.logLevel === 'trace' ? 'debug' : config.logLevel;
const log = createLogger({ level, fields: { service: 'voice-relay' } });
const identity = await loadRelayIdentity({ home: process.env.HOME ?? homedir(), now: Date.now });
if (identity.warning !== null) log.warn(identity.warning, { path: identity.path });
if (identity.created) log.info('relay identity created', { path: identity.path });

const server = await RelayServer.start({ config, seed: identity.seed, log });
const advertised = {
  host: config.listenAddr.host === '0.0.0.0' ? '127.0.0.1' : config.listenAddr.host,
  port: server.address.port,
};
log.info('voice relay listening', {
  address: `${server.address.host}:${server.address.port}`,
  fingerprint: server.fingerprint,
  version: buildVersion(),
});
process.stdout.write(
  `# paste into another relay's config to peer with this one\n${peersBlock({ address: advertised, fingerprint: server.fingerprint, label: null })}\n`,
);
// Linux reports twice the usable size; below what was asked, bursts of many calls can overflow the socket.
const buffers = server.socketBuffers;
if (buffers !== null && buffers.receiveBytes < 2 * SOCKET_BUFFER_BYTES) {
  log.warn('UDP receive buffer smaller than asked: raise net.core.rmem_max for many concurrent calls', {
    asked_bytes: SOCKET_BUFFER_BYTES,
    granted_bytes: buffers.receiveBytes / 2,
  });
}
if (config.authUrl === null) log.warn('authentication is disabled (no auth_url): any client can join any room');
if (config.remoteRelay !== null) {
  const remote = config.remoteRelay;
  const pinned = config.peers.some((p) => p.url.host === remote.host && p.url.port === remote.port);
  log.info('forward mode: every client goes on to the remote relay', { remote: `${remote.host}:${remote.port}` });
  if (!pinned) log.warn('remote_relay has no [[peers]] entry with its fingerprint: its certificate is not checked');
}
for (const feature of inactiveFeatures(config)) log.warn('setting accepted but not active yet', { setting: feature });

let metricsServer: ReturnType<typeof Bun.serve> | null = null;
if (config.metricsPort !== null) {
  metricsServer = Bun.serve({
    port: config.metricsPort,
    hostname: config.listenAddr.host,
    async fetch(request) {
      if (new URL(request.url).pathname !== '/metrics') return new Response('not found\n', { status: 404 });
      return new Response(await server.registry.metrics(), {
        headers: { 'content-type': server.registry.contentType },
      });
    },
  });
  log.info('metrics listening', { port: metricsServer.port });
}

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  log.info('stopping', { signal, sessions: server.sessionCount });
  server.stop();
  metricsServer?.stop(true);
  // Let the closes go out before the process ends.
  setTimeout(() => process.exit(0), 100);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
