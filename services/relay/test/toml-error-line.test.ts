// Locating TOML syntax errors that Bun.TOML.parse reports without a line.

import { describe, expect, test } from 'bun:test';
import { findTomlSyntaxError } from '../src/toml-error-line.ts';

describe('findTomlSyntaxError', () => {
  test('a valid document has none', () => {
    expect(findTomlSyntaxError('a = 1\n[[peers]]\nurl = "x"\n')).toBeNull();
  });

  test.each([
    ['a missing value', 'a = 1\n\nb = = 2\n', 3, "Expected a value but found '='"],
    ['a redefined key', 'a = 1\nb = 2\na = 3\n', 3, "Cannot redefine key 'a'"],
    [
      'a bad item in a multi-line array',
      'a = [\n  1,\n  2 3,\n]\n',
      3,
      "Expected ',' or ']' in an array but found '3'",
    ],
    ['an array never closed', 'a = 1\nb = [\n  1,\n', 2, "Unterminated array; expected ']'"],
    ['CRLF line ends', 'a = 1\r\nb = = 2\r\n', 2, "Expected a value but found '='"],
  ])('%s is found on its line', (_, text, line, message) => {
    expect(findTomlSyntaxError(text)).toEqual({ line, message });
  });
});
