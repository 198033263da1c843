// A counter with one label for hot paths: adds go to a plain Map and move into the prom-client Counter when the
// metrics are read (its collect hook). A labelled `inc()` hashes its labels on every call, which costs more than
// the work being counted when that work is one datagram or one message.

import { Counter, type Registry } from 'prom-client';

export interface TallyCounterOptions {
  readonly name: string;
  readonly help: string;
  readonly label: string;
  readonly registry: Registry;
}

export interface TallyCounter {
  add(labelValue: string, amount?: number): void;
}

export function tallyCounter({ name, help, label, registry }: TallyCounterOptions): TallyCounter {
  const pending = new Map<string, number>();
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      for (const [value, amount] of pending) this.inc({ [label]: value }, amount);
      pending.clear();
    },
  });
  return {
    add(labelValue, amount = 1) {
      pending.set(labelValue, (pending.get(labelValue) ?? 0) + amount);
    },
  };
}
