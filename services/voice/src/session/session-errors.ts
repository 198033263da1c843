// Typed failures of the call session: an illegal transition and a malformed session id.

import { VoiceError } from '../errors.ts';
import type { CallState, CallTrigger } from './call-state.ts';

/** The trigger has no transition from the current state; the session is left unchanged. */
export class IllegalTransitionError extends VoiceError {
  readonly from: CallState;
  readonly trigger: CallTrigger;

  constructor({ from, trigger }: { from: CallState; trigger: CallTrigger }) {
    super('illegal_transition', `trigger ${trigger} is not allowed in state ${from}`);
    this.from = from;
    this.trigger = trigger;
  }
}

/** A session id given at creation (or produced by the random source) is not exactly 16 bytes. */
export class InvalidSessionIdError extends VoiceError {
  readonly length: number;

  constructor(length: number) {
    super('invalid_session_id', `a call session id is 16 bytes, got ${length}`);
    this.length = length;
  }
}
