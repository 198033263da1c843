// Keeps the alert policy sans-IO: its modules import only each other (no Bun, timers, sockets or packages).

import { expect, test } from 'bun:test';
import { join } from 'node:path';

const SRC = join(import.meta.dir, '..', 'src');
/** Every module of the alert policy; a new one joins this list. */
const POLICY_MODULES = ['alert-errors.ts', 'alert-message.ts', 'alert-policy.ts', 'evaluate.ts', 'watch-state.ts'];
/** Globals that would reach for the clock, timers or the outside world. */
const FORBIDDEN =
  /\b(Date\.now|new Date\(|setTimeout|setInterval|performance\.now|process\.|Bun\.|fetch\(|Math\.random)/;

test.each(POLICY_MODULES)('%s imports only sibling modules and reaches for no clock or I/O', async (name) => {
  const source = await Bun.file(join(SRC, name)).text();
  const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
  expect(imports.filter((path) => !path?.startsWith('./'))).toEqual([]);
  expect(source.match(FORBIDDEN)).toBeNull();
});
