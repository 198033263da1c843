// Test helper: builds sessions and walks them to any state along the shortest path the transition table allows.

import { CallSession, type CallSessionOptions } from '../../src/session/call-session.ts';
import { CALL_STATES, type CallState, type CallTrigger, legalTransitions } from '../../src/session/call-state.ts';

export const SESSION_ID = Uint8Array.from({ length: 16 }, (_, i) => i + 1);

/** Shortest trigger path from Idle to each state, found by breadth-first search over the table. */
export const PATH_TO: Readonly<Record<CallState, CallTrigger[]>> = (() => {
  const paths = new Map<CallState, CallTrigger[]>([['Idle', []]]);
  const queue: CallState[] = ['Idle'];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const { from, trigger, to } of legalTransitions()) {
      if (from !== state || paths.has(to)) continue;
      paths.set(to, [...(paths.get(from) ?? []), trigger]);
      queue.push(to);
    }
  }
  const missing = CALL_STATES.filter((state) => !paths.has(state));
  if (missing.length > 0) throw new Error(`states unreachable from Idle: ${missing.join(', ')}`);
  return Object.fromEntries(paths) as Record<CallState, CallTrigger[]>;
})();

/** A session walked to `state`, one trigger per millisecond from t = 0, with its events drained. */
export function sessionIn(state: CallState, options: Partial<CallSessionOptions> = {}): CallSession {
  const session = new CallSession({ sessionId: SESSION_ID, ...options } as CallSessionOptions);
  for (const [i, trigger] of PATH_TO[state].entries()) session.apply(trigger, i);
  while (session.pollEvent() !== null);
  return session;
}
