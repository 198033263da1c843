// The call session's states, triggers and transitions (seed "States and transitions / Call session") as data.

export const CALL_STATES = ['Idle', 'Connecting', 'Handshaking', 'Active', 'Rekeying', 'Closed'] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_TRIGGERS = [
  'Initiate',
  'Connected',
  'HandshakeComplete',
  'RekeyStart',
  'RekeyComplete',
  'Terminate',
  'ConnectionLost',
] as const;
export type CallTrigger = (typeof CALL_TRIGGERS)[number];

/**
 * The seed's "any active state": every state a call is under way in, from the first connection attempt to the
 * last media. Idle has nothing to end and Closed is terminal, so neither takes Terminate or ConnectionLost.
 */
export const LIVE_STATES: readonly CallState[] = ['Connecting', 'Handshaking', 'Active', 'Rekeying'];

/** Media flows in both Active and Rekeying (seed: "media keeps flowing" during a rekey). */
export const MEDIA_STATES: readonly CallState[] = ['Active', 'Rekeying'];

const END_OF_CALL = { Terminate: 'Closed', ConnectionLost: 'Closed' } as const;

/** State → trigger → next state. A (state, trigger) pair absent here is an illegal transition. */
export const CALL_TRANSITIONS: Readonly<Record<CallState, Readonly<Partial<Record<CallTrigger, CallState>>>>> = {
  Idle: { Initiate: 'Connecting' },
  Connecting: { Connected: 'Handshaking', ...END_OF_CALL },
  Handshaking: { HandshakeComplete: 'Active', ...END_OF_CALL },
  Active: { RekeyStart: 'Rekeying', ...END_OF_CALL },
  // Seed "Also": sequence counters reset; the packet sealer/opener do that on the StateChanged event.
  Rekeying: { RekeyComplete: 'Active', ...END_OF_CALL },
  Closed: {},
};

/** The state `trigger` leads to from `from`, or null when the table has no such transition. */
export function nextState(from: CallState, trigger: CallTrigger): CallState | null {
  return CALL_TRANSITIONS[from][trigger] ?? null;
}

/** Every legal transition, in table order. */
export function legalTransitions(): { from: CallState; trigger: CallTrigger; to: CallState }[] {
  return CALL_STATES.flatMap((from) =>
    CALL_TRIGGERS.flatMap((trigger) => {
      const to = nextState(from, trigger);
      return to === null ? [] : [{ from, trigger, to }];
    }),
  );
}
