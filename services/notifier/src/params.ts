// ntfy's parameter lookup: each alias as a header (any case), then as a lowercase query parameter.

/** A request's headers and query string, as ntfy reads parameters from them. */
export interface ParamSource {
  readonly headers: Headers;
  readonly query: URLSearchParams;
}

export function paramSource(request: Request): ParamSource {
  return { headers: request.headers, query: new URL(request.url).searchParams };
}

/**
 * The first alias present wins; its value is trimmed, and an RFC 2047 encoded-word in a header is decoded.
 * `Priority: u=N` (RFC 9218, added by some proxies) is not ours and is skipped.
 */
export function readParam(source: ParamSource, ...aliases: string[]): string {
  for (const alias of aliases) {
    const header = source.headers.get(alias);
    if (header !== null && header.trim() !== '') {
      if (alias.toLowerCase() === 'priority' && /^u=\d/.test(header.trim())) continue;
      return decodeEncodedWords(header.trim());
    }
  }
  for (const alias of aliases) {
    const value = source.query.get(alias.toLowerCase());
    if (value !== null && value.trim() !== '') return value.trim();
  }
  return '';
}

/** `1`, `yes`, `true` (any case) are true; any other non-empty value is false; empty gives the default. */
export function readBool(source: ParamSource, fallback: boolean, ...aliases: string[]): boolean {
  const value = readParam(source, ...aliases).toLowerCase();
  if (value === '') return fallback;
  return value === '1' || value === 'yes' || value === 'true';
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

/** RFC 2047 encoded-words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), so non-ASCII titles survive header transport. */
export function decodeEncodedWords(value: string): string {
  if (!value.includes('=?')) return value;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(ENCODED_WORD, (word, charset: string, encoding: string, text: string) => {
      let bytes: Uint8Array;
      if (encoding.toUpperCase() === 'B') bytes = Buffer.from(text, 'base64');
      else {
        const raw = text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        bytes = Buffer.from(raw, 'latin1');
      }
      try {
        const label = charset.toLowerCase() as ConstructorParameters<typeof TextDecoder>[0];
        return new TextDecoder(label, { fatal: true }).decode(bytes);
      } catch {
        // An unknown charset or broken bytes: keep the word as sent rather than guess.
        return word;
      }
    });
}
