// Keeps the chat SDK sans-IO: nothing under src/ touches Bun, Node I/O, timers or the clock.

import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(import.meta.dir, '..', 'src');
const FORBIDDEN_IMPORT = /^(bun(:.*)?|node:.*|fs|net|dgram|timers|child_process)$/;
const FORBIDDEN_CALLS = [
  /\bDate\.now\s*\(/,
  /\bnew Date\s*\(/,
  /\bset(Timeout|Interval|Immediate)\s*\(/,
  /\bBun\./,
  /\bfetch\s*\(/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('the SDK imports nothing from Bun or Node I/O and never reads the clock or sets timers', () => {
  const files = sourceFiles(SRC);
  const violations: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/from\s*['"]([^'"]+)['"]/g))
      if (FORBIDDEN_IMPORT.test(specifier as string)) violations.push(`${relative(SRC, file)}: imports ${specifier}`);
    for (const pattern of FORBIDDEN_CALLS)
      if (pattern.test(source)) violations.push(`${relative(SRC, file)}: uses ${pattern.source}`);
  }
  expect(files.map((file) => relative(SRC, file))).toEqual(expect.arrayContaining(['ratchet.ts', 'x3dh.ts']));
  expect(violations).toEqual([]);
});
