// VoiceCall: a client's call, keyed end to end, through a relay room or directly with another client
// (docs/voice-protocol.md §4.3, §4.4).
//
// Through a relay: the client connects (pinning the relay's fingerprint), authenticates when given a token, and
// joins with a signed CallOffer naming the room. If someone is already waiting there, the relay hands that member
// our offer and we get its CallAnswer: we are the caller. If we are first, we wait until the relay hands us a
// newcomer's CallOffer, and answer it: we are the callee.
// Directly: `dial` connects to a listening client (pinning its fingerprint) and offers with no room: the caller;
// `CallListener` accepts one connection and answers its offer: the callee. Either way the key comes from the two
// ephemeral X25519 keys, which only the two ends hold, and is checked against the other end's Ed25519 signature.

import type { IdentityKeys } from '@keel/identity';
import type { HostPort } from '@keel/native';
import {
  type CallAnswer,
  type CallOffer,
  type CodecId,
  Direction,
  deriveSessionKey,
  erase,
  type FramerOutput,
  floorRatioFor,
  generateEphemeral,
  HANGUP_REASONS,
  type HangupReason,
  initSignatures,
  type JitterBufferConfig,
  MediaReceiver,
  MediaSender,
  PacketOpener,
  PacketSealer,
  QUALITY_PROFILES,
  type QualityProfile,
  type QualityReport,
  type ReceiveResult,
  sharedSecret,
  signCallAnswer,
  signCallOffer,
  verifyCallAnswer,
  verifyCallOffer,
} from '@keel/voice';
import { type CloseReason, type PeerVerification, QuicEndpoint, type QuicSession } from '@keel/voice-transport';

export interface CallOptions {
  readonly identity: IdentityKeys;
  /** Profiles this client can use, best first. */
  readonly profiles?: readonly QualityProfile[];
  readonly jitter?: JitterBufferConfig;
}

export interface DialOptions extends CallOptions {
  /** The relay, or for a direct call the listening client. */
  readonly remote: HostPort;
  readonly verification: PeerVerification;
  /** The relay room to join; null for a direct call. */
  readonly room: string | null;
  /** Bearer token for a relay with auth_url. */
  readonly token?: string;
}

export type CallEnd =
  | { readonly kind: 'hangup'; readonly reason: HangupReason }
  | { readonly kind: 'closed'; readonly reason: CloseReason };

export type CallRole = 'caller' | 'callee';

/** The media ends of a keyed call. */
export interface KeyedCall {
  readonly role: CallRole;
  readonly profile: QualityProfile;
  readonly sender: MediaSender;
  readonly receiver: MediaReceiver;
}

export class VoiceCall {
  readonly #session: QuicSession;
  readonly #endpoint: QuicEndpoint;
  readonly #options: CallOptions & { readonly room?: string | null; readonly token?: string };
  /** Closes the endpoint when the call hangs up (a listener's endpoint is closed by the listener). */
  readonly #ownsEndpoint: boolean;
  readonly #offerEphemeral = generateEphemeral();
  #keyed: KeyedCall | null = null;
  #ended: CallEnd | null = null;
  readonly #keyedWaiters: ((call: KeyedCall) => void)[] = [];
  readonly #endWaiters: ((end: CallEnd) => void)[] = [];
  /** Media datagrams received before the call was keyed are dropped; counted here. */
  #early = 0;
  /** Called for every media packet that arrived (or was rebuilt), with its size: feeds the path monitor. */
  onMedia: (result: ReceiveResult & { kind: 'media' }, bytes: number) => void = () => {};
  /** Called with the timestamp a Pong echoes (the relay answers Pings: the hop's RTT). */
  onPong: (pingSentAtMs: number) => void = () => {};

  /** `options.room` present (a string or null): we offer once connected; absent: we wait for an offer. */
  private constructor(
    endpoint: QuicEndpoint,
    session: QuicSession,
    options: CallOptions & { readonly room?: string | null; readonly token?: string },
    ownsEndpoint: boolean,
  ) {
    this.#endpoint = endpoint;
    this.#session = session;
    this.#options = options;
    this.#ownsEndpoint = ownsEndpoint;
    session.handlers = {
      established: () => {
        if (options.room !== undefined) this.#offer(options.room);
      },
      signal: (output) => this.#onSignal(output),
      datagram: (payload) => this.#onDatagram(payload),
      closed: (reason) => this.#end(endOf(reason)),
    };
  }

  /**
   * Connects to a relay and joins `room`, or with `room: null` calls a listening client directly; the call is keyed
   * once the other side answers (`keyed()`).
   */
  static async dial(options: DialOptions): Promise<VoiceCall> {
    await initSignatures();
    const endpoint = await QuicEndpoint.bind({ host: options.remote.host.includes(':') ? '::' : '0.0.0.0', port: 0 });
    const session = endpoint.connect(options.remote, options.verification);
    return new VoiceCall(endpoint, session, options, true);
  }

  /** The callee's side of a direct call, on a connection a CallListener accepted. */
  static answering(endpoint: QuicEndpoint, session: QuicSession, options: CallOptions): VoiceCall {
    return new VoiceCall(endpoint, session, options, false);
  }

  get session(): QuicSession {
    return this.#session;
  }

  /** The local UDP port this call's packets leave from. */
  get localPort(): number {
    return this.#endpoint.address.port;
  }

  get ended(): CallEnd | null {
    return this.#ended;
  }

  get earlyDatagrams(): number {
    return this.#early;
  }

  /** Resolves when the call is keyed end to end (another member joined), rejects if it ends first. */
  keyed(): Promise<KeyedCall> {
    if (this.#keyed !== null) return Promise.resolve(this.#keyed);
    if (this.#ended !== null) return Promise.reject(new Error(`call ended: ${describeEnd(this.#ended)}`));
    return new Promise((resolve, reject) => {
      this.#keyedWaiters.push(resolve);
      this.#endWaiters.push((end) => reject(new Error(`call ended: ${describeEnd(end)}`)));
    });
  }

  /** Resolves when the call ends, with why. */
  whenEnded(): Promise<CallEnd> {
    if (this.#ended !== null) return Promise.resolve(this.#ended);
    return new Promise((resolve) => this.#endWaiters.push(resolve));
  }

  /** Sends one encoded frame (and an optional quality report) once keyed; false if not keyed or dropped. */
  sendFrame(codec: CodecId, frame: Uint8Array, report: QualityReport | null = null): boolean {
    if (this.#keyed === null) return false;
    let all = true;
    for (const datagram of this.#keyed.sender.send(codec, frame, report))
      all = this.#session.sendDatagram(datagram) && all;
    return all;
  }

  /** Sends a Ping stamped with `nowMs`; the Pong comes back through `onPong`. */
  ping(nowMs: number): void {
    this.#session.sendSignal({ type: 'Ping', timestampMs: nowMs });
  }

  /** Sends Hangup, closes the connection and the socket. */
  hangUp(reason: HangupReason = 'Normal'): void {
    if (this.#ended === null) {
      this.#session.sendSignal({ type: 'Hangup', reason });
      this.#session.close(reason);
      this.#end({ kind: 'hangup', reason });
    }
    this.#keyed?.sender.erase();
    if (this.#ownsEndpoint) setTimeout(() => this.#endpoint.close(), 50);
  }

  #offer(room: string | null): void {
    if (this.#options.token !== undefined) this.#session.sendSignal({ type: 'AuthToken', token: this.#options.token });
    this.#session.sendSignal(
      signCallOffer({
        identity: this.#options.identity.ed25519,
        ephemeralPub: this.#offerEphemeral.publicKey,
        supportedProfiles: this.#profiles(),
        room,
      }),
    );
  }

  #profiles(): readonly QualityProfile[] {
    return this.#options.profiles ?? QUALITY_PROFILES;
  }

  #onSignal(output: FramerOutput): void {
    if (!output.ok) return;
    const signal = output.signal;
    if (signal.type === 'CallOffer' && this.#keyed === null) this.#answer(signal);
    else if (signal.type === 'CallAnswer' && this.#keyed === null) this.#accepted(signal);
    else if (signal.type === 'Pong') this.onPong(signal.timestampMs);
    else if (signal.type === 'Ping') this.#session.sendSignal({ type: 'Pong', timestampMs: signal.timestampMs });
    else if (signal.type === 'Hangup') this.#end({ kind: 'hangup', reason: signal.reason });
  }

  /** We waited in the room (or listened); an offer arrived: we are the callee. */
  #answer(offer: CallOffer): void {
    if (!verifyCallOffer(offer).ok) {
      this.hangUp('BadSignature');
      return;
    }
    const profile = this.#profiles().find((p) => offer.supportedProfiles.includes(p));
    if (profile === undefined) {
      this.hangUp('NoCommonProfile');
      return;
    }
    const ephemeral = generateEphemeral();
    const key = deriveSessionKey(sharedSecret(ephemeral.secretKey, offer.ephemeralPub));
    erase(ephemeral.secretKey);
    this.#session.sendSignal(
      signCallAnswer({
        identity: this.#options.identity.ed25519,
        ephemeralPub: ephemeral.publicKey,
        chosenProfile: profile,
      }),
    );
    this.#key(key, 'callee', profile);
  }

  /** We joined second (or dialled); the other side answered our offer: we are the caller. */
  #accepted(answer: CallAnswer): void {
    if (!verifyCallAnswer(answer).ok || !this.#profiles().includes(answer.chosenProfile)) {
      this.hangUp('BadSignature');
      return;
    }
    const key = deriveSessionKey(sharedSecret(this.#offerEphemeral.secretKey, answer.ephemeralPub));
    this.#key(key, 'caller', answer.chosenProfile);
  }

  #key(key: Uint8Array, role: CallRole, profile: QualityProfile): void {
    erase(this.#offerEphemeral.secretKey);
    const own = role === 'caller' ? Direction.FromCaller : Direction.FromCallee;
    const peer = role === 'caller' ? Direction.FromCallee : Direction.FromCaller;
    const sealer = new PacketSealer({ key, direction: own });
    const opener = new PacketOpener({ key, direction: peer });
    erase(key);
    this.#keyed = {
      role,
      profile,
      sender: new MediaSender({ sealer, floorRatio: floorRatioFor }),
      receiver: new MediaReceiver({
        opener,
        ...(this.#options.jitter === undefined ? {} : { jitter: this.#options.jitter }),
      }),
    };
    for (const resolve of this.#keyedWaiters.splice(0)) resolve(this.#keyed);
  }

  #onDatagram(payload: Uint8Array): void {
    if (this.#keyed === null) {
      this.#early += 1;
      return;
    }
    const result = this.#keyed.receiver.receive(Date.now(), payload);
    if (result.kind === 'media') this.onMedia(result, payload.length);
  }

  #end(end: CallEnd): void {
    if (this.#ended !== null) return;
    this.#ended = end;
    for (const waiter of this.#endWaiters.splice(0)) waiter(end);
  }
}

function describeEnd(end: CallEnd): string {
  if (end.kind === 'hangup') return `hangup (${end.reason})`;
  const reason = end.reason;
  return 'reason' in reason ? `${reason.kind}: ${reason.reason}` : reason.kind;
}

/**
 * A peer that hangs up closes the connection with the Hangup reason as its close reason (relays refusing a client
 * do the same), and the close can overtake the Hangup signal on its stream: such a close is that hangup.
 */
function endOf(reason: CloseReason): CallEnd {
  if (reason.kind === 'peer' && (HANGUP_REASONS as readonly string[]).includes(reason.reason)) {
    return { kind: 'hangup', reason: reason.reason as HangupReason };
  }
  return { kind: 'closed', reason };
}
