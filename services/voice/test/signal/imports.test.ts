import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = join(import.meta.dir, '../../src/signal');
const ALLOWED = /^(\.\/|@noble\/hashes\/|libsodium-wrappers$)/;

test.each(readdirSync(SOURCE).filter((name) => name.endsWith('.ts')))(
  '%s imports only its siblings, libsodium and @noble/hashes (sans-IO)',
  (name) => {
    const source = readFileSync(join(SOURCE, name), 'utf8');
    const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
    expect(specifiers.filter((specifier) => !ALLOWED.test(specifier))).toEqual([]);
    expect(source).not.toMatch(/\b(Date\.now|setTimeout|setInterval|Bun\.)/);
  },
);
