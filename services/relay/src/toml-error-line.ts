// Where a TOML syntax error is: Bun.TOML.parse names the problem but not its line, so find the line.

/** Bun prefixes every TOML syntax error with this; the rest is the useful part. */
const BUN_PREFIX = 'TOML Parse error: ';

export interface TomlSyntaxProblem {
  /** 1-based line of the error, or null when no line reproduces it. */
  readonly line: number | null;
  readonly message: string;
}

/**
 * Parses `text` and describes its syntax error; null when it parses. The line is the first one whose prefix of
 * the document already fails with the same message: text after an error cannot cause it, and a construct still
 * open at that point (an array, a string) fails with a different message, so it is not blamed early.
 */
export function findTomlSyntaxError(text: string): TomlSyntaxProblem | null {
  const message = parseError(text);
  if (message === null) return null;
  const lines = text.split('\n');
  for (let count = 1; count <= lines.length; count++) {
    if (parseError(lines.slice(0, count).join('\n')) === message) {
      return { line: count, message: message.replace(BUN_PREFIX, '') };
    }
  }
  return { line: null, message: message.replace(BUN_PREFIX, '') };
}

function parseError(text: string): string | null {
  try {
    Bun.TOML.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
