// The ready-to-paste federation blocks parse back, as TOML, to the entries they describe.

import { describe, expect, test } from 'bun:test';
import { fingerprint } from '@keel/identity';
import { peersBlock, relayConfigFromToml, trustedBlock } from '../src/index.ts';

const FP = fingerprint(new Uint8Array(32).fill(7));

describe('peersBlock', () => {
  test('is the seed layout, line by line', () => {
    expect(
      peersBlock({ address: { host: 'relay-a.example.org', port: 4433 }, fingerprint: FP, label: 'relay A' }),
    ).toBe(`[[peers]]\nurl = "relay-a.example.org:4433"\nfingerprint = "${FP}"\nlabel = "relay A"`);
  });

  test.each([
    ['a plain label', 'relay A'],
    ['quotes and backslashes', 'say "hi" \\ bye \\u0041'],
    ['control characters', 'tab\there\nnew line\u0000nul\u007fdel\u0085nel'],
    ['non-ASCII text', 'Zürich ☎ 東京 🎧'],
    ['a lone surrogate', 'broken \ud800 half'],
  ])('with %s parses back into a valid [[peers]] entry', (_, label) => {
    const text = peersBlock({ address: { host: '2001:db8::1', port: 4433 }, fingerprint: FP, label });
    expect(relayConfigFromToml(Bun.TOML.parse(text)).peers).toEqual([
      { url: { host: '2001:db8::1', port: 4433 }, fingerprint: FP, label: label.toWellFormed() },
    ]);
  });

  test('without a label has no label line', () => {
    const text = peersBlock({ address: { host: '10.0.0.1', port: 4433 }, fingerprint: FP, label: null });
    expect(text).toBe(`[[peers]]\nurl = "10.0.0.1:4433"\nfingerprint = "${FP}"`);
    expect(relayConfigFromToml(Bun.TOML.parse(text)).peers).toEqual([
      { url: { host: '10.0.0.1', port: 4433 }, fingerprint: FP, label: null },
    ]);
  });

  test('refuses a fingerprint that peers could not paste back', () => {
    expect(() => peersBlock({ address: { host: 'a', port: 1 }, fingerprint: 'ABCD', label: null })).toThrow(
      'is not a fingerprint',
    );
  });
});

describe('trustedBlock', () => {
  test('parses back into the [[trusted]] entry, label included', () => {
    const text = trustedBlock({ fingerprint: FP, label: 'seen from 10.0.0.9:51000 "new"' });
    expect(text.split('\n')[0]).toBe('[[trusted]]');
    expect(relayConfigFromToml(Bun.TOML.parse(text)).trusted).toEqual([
      { fingerprint: FP, label: 'seen from 10.0.0.9:51000 "new"' },
    ]);
  });

  test('a peers block and a trusted block pasted together make one valid file', () => {
    const file = [
      peersBlock({ address: { host: 'b.example.org', port: 4433 }, fingerprint: FP, label: 'b' }),
      trustedBlock({ fingerprint: FP, label: null }),
    ].join('\n\n');
    const config = relayConfigFromToml(Bun.TOML.parse(file));
    expect({ peers: config.peers, trusted: config.trusted }).toEqual({
      peers: [{ url: { host: 'b.example.org', port: 4433 }, fingerprint: FP, label: 'b' }],
      trusted: [{ fingerprint: FP, label: null }],
    });
  });
});
