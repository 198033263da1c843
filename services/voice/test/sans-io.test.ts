// Keeps the voice core sans-IO: no Bun, socket, timer or clock use anywhere under services/voice/src.

import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(import.meta.dir, '..', 'src');
const FORBIDDEN_IMPORTS =
  /^(bun(:.*)?|node:(net|dgram|tls|http|https|http2|timers(\/promises)?|child_process|worker_threads)|net|dgram|timers)$/;
const FORBIDDEN_CALLS = [
  /\bDate\.now\s*\(/,
  /\bnew Date\s*\(/,
  /\bperformance\.now\s*\(/,
  /\bset(Timeout|Interval|Immediate)\s*\(/,
  /\bBun\./,
  /\bprocess\.hrtime/,
  /\bqueueMicrotask\s*\(/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ];
  return specifiers.map((match) => match[1] as string);
}

test('the voice core imports nothing from Bun, sockets or timers and never reads the clock', () => {
  const violations: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const name = relative(SRC, file);
    for (const specifier of importsOf(text))
      if (FORBIDDEN_IMPORTS.test(specifier)) violations.push(`${name}: imports ${specifier}`);
    for (const pattern of FORBIDDEN_CALLS) if (pattern.test(text)) violations.push(`${name}: uses ${pattern.source}`);
  }
  expect(violations).toEqual([]);
});

test('the scan sees the core: it finds the packet and crypto modules and their imports', () => {
  const files = sourceFiles(SRC).map((file) => relative(SRC, file));
  expect(files).toEqual(expect.arrayContaining(['packet/media-header.ts', 'crypto/packet-sealer.ts']));
  expect(importsOf("import { x } from 'bun:ffi';\nimport 'node:dgram';")).toEqual(['bun:ffi', 'node:dgram']);
});
