// The relay identity file: created owner-only on first start, kept across restarts, replaced when corrupt.

import { describe, expect, test } from 'bun:test';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seedToHex } from '@keel/identity';
import { tempDir } from '@keel/kit/testing';
import { loadRelayIdentity, RelayIdentityError, relayIdentityPath } from '../src/index.ts';

const PERMISSION_BITS = 0o777;
const NOW = 1_760_000_000_123;
const now = () => NOW;

async function mode(path: string): Promise<number> {
  return (await stat(path)).mode & PERMISSION_BITS;
}

describe('loadRelayIdentity', () => {
  test('creates <HOME>/.voice/relay-identity on first start: 64 lowercase hex, file 0600, directory 0700', async () => {
    await using home = await tempDir('keel-relay-home-');
    const identity = await loadRelayIdentity({ home: home.path, now });
    const path = join(home.path, '.voice', 'relay-identity');
    expect({ path: identity.path, created: identity.created, warning: identity.warning }).toEqual({
      path,
      created: true,
      warning: null,
    });
    expect(await readFile(path, 'utf8')).toBe(`${seedToHex(identity.seed)}\n`);
    expect(await readFile(path, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect({ file: await mode(path), directory: await mode(join(home.path, '.voice')) }).toEqual({
      file: 0o600,
      directory: 0o700,
    });
    expect(await readdir(join(home.path, '.voice'))).toEqual(['relay-identity']);
  });

  test('keeps the same seed across restarts without rewriting the file', async () => {
    await using home = await tempDir('keel-relay-home-');
    const first = await loadRelayIdentity({ home: home.path, now });
    const before = await stat(first.path);
    const second = await loadRelayIdentity({ home: home.path, now });
    expect({ seed: seedToHex(second.seed), created: second.created, warning: second.warning }).toEqual({
      seed: seedToHex(first.seed),
      created: false,
      warning: null,
    });
    expect((await stat(first.path)).mtimeMs).toBe(before.mtimeMs);
  });

  test('two homes get two different seeds', async () => {
    await using a = await tempDir('keel-relay-home-');
    await using b = await tempDir('keel-relay-home-');
    const seedA = seedToHex((await loadRelayIdentity({ home: a.path, now })).seed);
    const seedB = seedToHex((await loadRelayIdentity({ home: b.path, now })).seed);
    expect(seedA).not.toBe(seedB);
  });

  test.each([
    ['without a trailing newline', (hex: string) => hex],
    ['in uppercase (a hand-restored backup)', (hex: string) => `${hex.toUpperCase()}\n`],
  ])('reads a seed written %s', async (_, write) => {
    await using home = await tempDir('keel-relay-home-');
    const hex = 'ab'.repeat(32);
    await mkdir(join(home.path, '.voice'));
    await writeFile(relayIdentityPath(home.path), write(hex));
    const identity = await loadRelayIdentity({ home: home.path, now });
    expect({ seed: seedToHex(identity.seed), created: identity.created }).toEqual({ seed: hex, created: false });
  });

  test.each([
    ['empty', ''],
    ['too short', 'ab'.repeat(31)],
    ['too long', 'ab'.repeat(33)],
    ['not hex', `${'ab'.repeat(31)}zz`],
    ['two trailing newlines', `${'ab'.repeat(32)}\n\n`],
    ['leading blanks', ` ${'ab'.repeat(32)}`],
    ['binary', '\u0000\u0001\u0002'],
  ])('a corrupt file (%s) is moved aside and replaced by a new seed, with a warning', async (_, content) => {
    await using home = await tempDir('keel-relay-home-');
    const path = relayIdentityPath(home.path);
    await mkdir(join(home.path, '.voice'));
    await writeFile(path, content);
    const identity = await loadRelayIdentity({ home: home.path, now });

    const aside = `${path}.corrupt-${NOW}`;
    expect(await readFile(aside, 'utf8')).toBe(content);
    expect((await readdir(join(home.path, '.voice'))).sort()).toEqual([
      'relay-identity',
      `relay-identity.corrupt-${NOW}`,
    ]);
    expect(await readFile(path, 'utf8')).toBe(`${seedToHex(identity.seed)}\n`);
    expect(await mode(path)).toBe(0o600);
    expect(identity.created).toBe(true);
    expect(identity.warning).toContain(aside);
    expect(identity.warning).toContain('fingerprint changed');
    expect(identity.warning).toContain('[[peers]] and [[trusted]]');

    const restarted = await loadRelayIdentity({ home: home.path, now });
    expect({ seed: seedToHex(restarted.seed), warning: restarted.warning }).toEqual({
      seed: seedToHex(identity.seed),
      warning: null,
    });
  });

  test('a file that cannot be read is an error, not replaced', async () => {
    await using home = await tempDir('keel-relay-home-');
    // A directory where the file should be: unreadable as a file for any user, root included.
    await mkdir(relayIdentityPath(home.path), { recursive: true });
    const failure = loadRelayIdentity({ home: home.path, now });
    await expect(failure).rejects.toBeInstanceOf(RelayIdentityError);
    await expect(failure).rejects.toThrow(`relay identity file '${relayIdentityPath(home.path)}': cannot read it`);
    expect(await readdir(join(home.path, '.voice'))).toEqual(['relay-identity']);
  });

  test('a home where the directory cannot be made is an error naming the file', async () => {
    await using home = await tempDir('keel-relay-home-');
    await writeFile(join(home.path, '.voice'), 'a file, not a directory');
    await expect(loadRelayIdentity({ home: home.path, now })).rejects.toThrow(
      `relay identity file '${relayIdentityPath(home.path)}': cannot`,
    );
  });
});
