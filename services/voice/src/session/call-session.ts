// CallSession: the sans-IO call state machine; applies triggers, keeps the call's record, owns its deadlines.

import { type CallState, type CallTrigger, MEDIA_STATES, nextState } from './call-state.ts';
import { IllegalTransitionError, InvalidSessionIdError } from './session-errors.ts';

/** The seed: "A session records a 16-byte session id". */
export const CALL_SESSION_ID_LENGTH = 16;

/**
 * Connecting may last as long as the transport would wait for a silent peer: the seed's QUIC idle timeout (30 s).
 * Waiting longer is pointless because QUIC itself gives up then.
 */
export const CONNECT_TIMEOUT_MS = 30_000;

/** Handshaking spans CallOffer to CallAnswer, which may wait on the callee to pick up: a 60 s ring, as phones do. */
export const HANDSHAKE_TIMEOUT_MS = 60_000;

/** A rekey is one signed Rekey signal each way; 10 s is dozens of round trips even at the seed's 300 ms RTT. */
export const REKEY_TIMEOUT_MS = 10_000;

/**
 * Active or Rekeying with nothing at all from the peer (no media, Pong or signal) for the seed's QUIC idle timeout
 * (30 s) means the peer is gone. Checked here as well as in QUIC because through a relay the QUIC connection stays
 * alive on the relay's keep-alives even when the peer behind it has vanished.
 */
export const PEER_SILENCE_TIMEOUT_MS = 30_000;

export type CallTimeoutKind = 'Connect' | 'Handshake' | 'Rekey' | 'PeerSilence';

/** Milliseconds per deadline; null turns that deadline off. */
export type CallTimeouts = Record<CallTimeoutKind, number | null>;

export const DEFAULT_CALL_TIMEOUTS: Readonly<CallTimeouts> = {
  Connect: CONNECT_TIMEOUT_MS,
  Handshake: HANDSHAKE_TIMEOUT_MS,
  Rekey: REKEY_TIMEOUT_MS,
  PeerSilence: PEER_SILENCE_TIMEOUT_MS,
};

/** The deadline each state has while the session sits in it (PeerSilence is separate: it follows peer activity). */
const STATE_TIMEOUT: Readonly<Partial<Record<CallState, CallTimeoutKind>>> = {
  Connecting: 'Connect',
  Handshaking: 'Handshake',
  Rekeying: 'Rekey',
};

/** Fills `length` bytes with cryptographically random values (injected: the core never reaches for a source). */
export type RandomSource = (length: number) => Uint8Array;

export type CallSessionOptions = ({ sessionId: Uint8Array } | { random: RandomSource }) & {
  timeouts?: Partial<CallTimeouts>;
};

export type CallEvent =
  | { kind: 'StateChanged'; from: CallState; to: CallState; trigger: CallTrigger; at: number }
  | { kind: 'TimedOut'; timeout: CallTimeoutKind; state: CallState; deadline: number; at: number };

type Deadline = { kind: CallTimeoutKind; at: number };

export class CallSession {
  readonly #sessionId: Uint8Array;
  readonly #timeouts: CallTimeouts;
  readonly #events: CallEvent[] = [];
  #state: CallState = 'Idle';
  #lastTransitionAt: number | null = null;
  #lastPeerActivityAt: number | null = null;
  #rekeyCount = 0;

  constructor(options: CallSessionOptions) {
    const id = 'sessionId' in options ? options.sessionId : options.random(CALL_SESSION_ID_LENGTH);
    if (id.length !== CALL_SESSION_ID_LENGTH) throw new InvalidSessionIdError(id.length);
    this.#sessionId = Uint8Array.from(id);
    this.#timeouts = { ...DEFAULT_CALL_TIMEOUTS, ...options.timeouts };
  }

  get state(): CallState {
    return this.#state;
  }

  /** A copy: the caller cannot change the session's id. */
  get sessionId(): Uint8Array {
    return Uint8Array.from(this.#sessionId);
  }

  /** When the last transition happened, or null while the session has not left Idle. */
  get lastTransitionAt(): number | null {
    return this.#lastTransitionAt;
  }

  /** Completed rekeys: counted when RekeyComplete installs the new keys, not when one starts. */
  get rekeyCount(): number {
    return this.#rekeyCount;
  }

  /** Whether media may be sent and received now (Active and Rekeying). */
  get mediaFlows(): boolean {
    return MEDIA_STATES.includes(this.#state);
  }

  /** Applies `trigger` at `now` and returns the new state; an illegal one throws and changes nothing. */
  apply(trigger: CallTrigger, now: number): CallState {
    const from = this.#state;
    const to = nextState(from, trigger);
    if (to === null) throw new IllegalTransitionError({ from, trigger });
    this.#state = to;
    this.#lastTransitionAt = now;
    if (trigger === 'HandshakeComplete') this.#lastPeerActivityAt = now;
    if (trigger === 'RekeyComplete') this.#rekeyCount += 1;
    this.#events.push({ kind: 'StateChanged', from, to, trigger, at: now });
    return to;
  }

  /** Anything received from the peer (media, Pong, any signal) pushes the PeerSilence deadline out. */
  recordPeerActivity(now: number): void {
    if (this.#lastPeerActivityAt === null || now > this.#lastPeerActivityAt) this.#lastPeerActivityAt = now;
  }

  /** The earliest deadline the driver must call `handleTimeout` at, or null when none is pending. */
  pollTimeout(): number | null {
    return this.#nextDeadline()?.at ?? null;
  }

  /** Fires the pending deadline if `now` has reached it: a TimedOut event, then ConnectionLost to Closed. */
  handleTimeout(now: number): void {
    const deadline = this.#nextDeadline();
    if (deadline === null || now < deadline.at) return;
    this.#events.push({ kind: 'TimedOut', timeout: deadline.kind, state: this.#state, deadline: deadline.at, at: now });
    this.apply('ConnectionLost', now);
  }

  /** The oldest event not yet taken, or null. */
  pollEvent(): CallEvent | null {
    return this.#events.shift() ?? null;
  }

  #nextDeadline(): Deadline | null {
    const candidates: Deadline[] = [];
    const stateTimeout = STATE_TIMEOUT[this.#state];
    const stateMs = stateTimeout === undefined ? null : this.#timeouts[stateTimeout];
    if (stateTimeout !== undefined && stateMs !== null && this.#lastTransitionAt !== null)
      candidates.push({ kind: stateTimeout, at: this.#lastTransitionAt + stateMs });
    const silenceMs = this.#timeouts.PeerSilence;
    if (this.mediaFlows && silenceMs !== null && this.#lastPeerActivityAt !== null)
      candidates.push({ kind: 'PeerSilence', at: this.#lastPeerActivityAt + silenceMs });
    return candidates.reduce<Deadline | null>(
      (soonest, d) => (soonest === null || d.at < soonest.at ? d : soonest),
      null,
    );
  }
}
