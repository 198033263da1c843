// `voice`: the command-line client (`bun run voice -- join <relay> --room <name> ...`, `listen`, `call`).
// Exit codes: 0 for a clean call, --help or a version answer; 2 for a bad command line or input file; 1 when the
// call fails (refused, cannot connect, ended by an error).

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { deriveKeys, generateSeed } from '@keel/identity';
import { VoiceCodecs } from '@keel/native';
import {
  formatSocketAddress,
  type PeerVerification,
  QuicEndpoint,
  type SocketAddress,
  VERSION_ALPN,
} from '@keel/voice-transport';
import { CallListener } from './call-listener.ts';
import { CallMedia, type CallStats } from './call-media.ts';
import {
  type DialArgs,
  type JoinArgs,
  type ListenArgs,
  parseVoiceArgs,
  type RelayCheck,
  VOICE_HELP,
  VoiceArgsError,
} from './voice-args.ts';
import { VoiceCall } from './voice-call.ts';
import { readWav, toMono48k, WavError, writeWav } from './wav.ts';

/** How long to wait for the relay to answer a connection before giving up. */
const CONNECT_TIMEOUT_MS = 10_000;

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function resolve(address: SocketAddress): Promise<SocketAddress> {
  if (isIP(address.host) !== 0) return address;
  const { address: host } = await lookup(address.host);
  return { host, port: address.port };
}

function verification(check: RelayCheck): PeerVerification {
  if ('insecure' in check) {
    say('warning: --insecure: the relay is not checked; anyone on the path could stand in for it');
    return { insecure: true };
  }
  return { fingerprint: check.fingerprint };
}

function statsLine(s: CallStats): string {
  return [
    `profile=${s.tier}`,
    `loss_in=${s.lossInPct.toFixed(1)}%`,
    `loss_out=${s.lossOutPct.toFixed(1)}%`,
    `rtt=${Math.round(s.rttMs)}ms`,
    `jitter=${Math.round(s.jitterMs)}ms`,
    `fec=${s.fecRecovered}`,
    `opus_fec=${s.opusFecRecovered}`,
    `concealed=${s.concealed}`,
    `sent=${s.framesSent}`,
    `played=${s.framesPlayed}`,
  ].join(' ');
}

async function versionCheck(relay: SocketAddress, check: RelayCheck): Promise<number> {
  const endpoint = await QuicEndpoint.bind({ host: '0.0.0.0', port: 0 });
  const session = endpoint.connect(await resolve(relay), verification(check), VERSION_ALPN);
  const reason = await new Promise<string>((done) => {
    const timer = setTimeout(() => done('no answer'), CONNECT_TIMEOUT_MS);
    session.handlers = {
      ...session.handlers,
      closed: (why) => {
        clearTimeout(timer);
        done(why.kind === 'peer' ? why.reason : `error: ${JSON.stringify(why)}`);
      },
    };
  });
  endpoint.close();
  if (!reason.startsWith('voice-relay ')) {
    say(`voice: the relay did not give its version (${reason})`);
    return 1;
  }
  process.stdout.write(`${reason}\n`);
  return 0;
}

/** Connects as the command asks: joins a relay room, dials a listener, or listens for one caller. */
async function connect(args: JoinArgs | DialArgs | ListenArgs): Promise<VoiceCall> {
  const identity = await deriveKeys(generateSeed());
  const profiles = args.profile === null ? {} : { profiles: [args.profile] };
  if (args.kind === 'join') {
    const call = await VoiceCall.dial({
      remote: await resolve(args.relay),
      verification: verification(args.check),
      room: args.room,
      identity,
      ...(args.token === null ? {} : { token: args.token }),
      ...profiles,
    });
    say(`joined room ${args.room}; waiting for the other side`);
    return call;
  }
  if (args.kind === 'call') {
    const call = await VoiceCall.dial({
      remote: await resolve(args.peer),
      verification: verification(args.check),
      room: null,
      identity,
      ...profiles,
    });
    say(`calling ${formatSocketAddress(args.peer)}`);
    return call;
  }
  const listener = await CallListener.listen({ host: args.bind.host, port: args.bind.port, identity, ...profiles });
  const address = formatSocketAddress(listener.address);
  say(`listening on ${address}, fingerprint ${listener.fingerprint}`);
  const anyAddress = ['0.0.0.0', '::'].includes(listener.address.host);
  const reach = anyAddress ? `<this machine's address>:${listener.address.port}` : address;
  say(`call with: voice call ${reach} --peer-fingerprint ${listener.fingerprint}`);
  const call = await listener.accepted();
  void call.whenEnded().then(() => setTimeout(() => listener.close(), 50));
  return call;
}

async function run(args: JoinArgs | DialArgs | ListenArgs): Promise<number> {
  let source: Int16Array | null = null;
  if (args.send !== null) {
    const file = Bun.file(args.send);
    if (!(await file.exists())) throw new VoiceArgsError(`--send: cannot read '${args.send}'`);
    source = toMono48k(readWav(await file.bytes()));
  }
  const call = await connect(args);
  let keyed: Awaited<ReturnType<VoiceCall['keyed']>>;
  try {
    keyed = await call.keyed();
  } catch (error) {
    say(`voice: ${(error as Error).message}`);
    call.hangUp();
    return 1;
  }
  say(`call keyed end to end (${keyed.role}, ${keyed.profile})`);
  const codecs = new VoiceCodecs();
  const media = new CallMedia({ call, keyed, codecs, source, forced: args.profile, onStats: (s) => say(statsLine(s)) });
  media.start();
  const interrupted = new Promise<'interrupted'>((done) => process.once('SIGINT', () => done('interrupted')));
  const timeUp = new Promise<'time'>((done) => {
    if (args.seconds !== null) setTimeout(() => done('time'), args.seconds * 1000);
  });
  const outcome = await Promise.race([interrupted, timeUp, call.whenEnded()]);
  const recorded = media.stop();
  const clean =
    outcome === 'time' || outcome === 'interrupted' || (outcome.kind === 'hangup' && outcome.reason === 'Normal');
  if (typeof outcome === 'object') say(`call ended: ${JSON.stringify(outcome)}`);
  call.hangUp();
  codecs.destroy();
  if (args.record !== null) {
    await Bun.write(args.record, writeWav(recorded, 48_000));
    say(`recorded ${(recorded.length / 48_000).toFixed(2)} s to ${args.record}`);
  }
  say(statsLine(media.stats()));
  return clean ? 0 : 1;
}

async function main(argv: readonly string[]): Promise<number> {
  let command: ReturnType<typeof parseVoiceArgs>;
  try {
    command = parseVoiceArgs(argv);
  } catch (error) {
    if (error instanceof VoiceArgsError) {
      say(`voice: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (command.kind === 'help') {
    process.stdout.write(VOICE_HELP);
    return 0;
  }
  try {
    return command.kind === 'version-check' ? await versionCheck(command.relay, command.check) : await run(command);
  } catch (error) {
    if (error instanceof WavError || error instanceof VoiceArgsError) {
      say(`voice: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exit(await main(process.argv.slice(2)));
