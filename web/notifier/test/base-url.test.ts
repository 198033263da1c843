import { describe, expect, test } from 'bun:test';
import { apiBasePath, deepLinkSegment, webSocketBase } from '../src/lib/base-url.ts';

describe('apiBasePath', () => {
  test.each([
    ['/', '/'],
    ['/notifier/', '/notifier/'],
    ['/notifier/mytopic', '/notifier/'],
    ['/mytopic', '/'],
    ['/a/b/c/', '/a/b/c/'],
    ['', '/'],
  ])('the API of a page at %p lives at %p', (pathname, base) => {
    expect(apiBasePath(pathname)).toBe(base);
  });
});

describe('deepLinkSegment', () => {
  test.each([
    ['/', null],
    ['/notifier/', null],
    ['/notifier/mytopic', 'mytopic'],
    ['/mytopic', 'mytopic'],
  ])('a page at %p names the topic %p', (pathname, topic) => {
    expect(deepLinkSegment(pathname)).toBe(topic);
  });
});

describe('webSocketBase', () => {
  test('a plain HTTP page talks ws: to the same host and base', () => {
    expect(webSocketBase('http:', '127.0.0.1:8080', '/notifier/')).toBe('ws://127.0.0.1:8080/notifier/');
  });

  test('an HTTPS page talks wss:', () => {
    expect(webSocketBase('https:', 'example.org', '/')).toBe('wss://example.org/');
  });
});
