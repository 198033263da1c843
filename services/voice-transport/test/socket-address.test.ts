// Socket addresses: the host forms the seed's `host:port` fields take, and their text form round trip.

import { describe, expect, test } from 'bun:test';
import { formatSocketAddress, parseSocketAddress } from '../src/index.ts';

describe('parseSocketAddress', () => {
  test.each([
    ['0.0.0.0:4433', { host: '0.0.0.0', port: 4433 }],
    ['127.0.0.1:1', { host: '127.0.0.1', port: 1 }],
    ['[::]:4433', { host: '::', port: 4433 }],
    ['[2001:db8::1]:65535', { host: '2001:db8::1', port: 65535 }],
    ['localhost:7700', { host: 'localhost', port: 7700 }],
    ['relay-b.example.org:4433', { host: 'relay-b.example.org', port: 4433 }],
    ['relay1:4433', { host: 'relay1', port: 4433 }],
  ])('%s is %j and formats back to the same text', (text, address) => {
    expect(parseSocketAddress(text)).toEqual(address);
    expect(formatSocketAddress(address)).toBe(text);
  });

  test('port 0 is accepted only where a listening address allows it', () => {
    expect(parseSocketAddress('127.0.0.1:0', { allowPortZero: true })).toEqual({ host: '127.0.0.1', port: 0 });
    expect(() => parseSocketAddress('127.0.0.1:0')).toThrow("port 0 of '127.0.0.1:0' is outside 1..65535");
  });

  test.each([
    ['', 'is not host:port'],
    ['4433', 'is not host:port'],
    ['host:', 'is not host:port'],
    [':4433', "'' in ':4433' is not an IPv4 address or a hostname"],
    ['host:44x3', 'is not host:port'],
    ['host:65536', 'port 65536 of'],
    ['::1:4433', 'is not host:port'],
    ['[::1]4433', 'is not host:port'],
    ['[1.2.3.4]:4433', "'1.2.3.4' in '[1.2.3.4]:4433' is not an IPv6 address"],
    ['1.2.3:4433', "'1.2.3' in '1.2.3:4433' is not an IPv4 address or a hostname"],
    ['256.0.0.1:4433', 'is not an IPv4 address or a hostname'],
    ['-relay.example.org:4433', 'is not an IPv4 address or a hostname'],
    ['relay..example.org:4433', 'is not an IPv4 address or a hostname'],
    ['relay example:4433', 'is not an IPv4 address or a hostname'],
    [`${'a'.repeat(64)}.org:4433`, 'is not an IPv4 address or a hostname'],
    ['http://relay:4433', 'is not host:port'],
  ])('%j is refused: %s', (text, message) => {
    expect(() => parseSocketAddress(text)).toThrow(message);
  });
});
