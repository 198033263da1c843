// JSON request bodies: content type checked, size capped while streaming, parse errors mapped to 400.

import { InvalidJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors.ts';

/** Reads at most `limit` bytes of a body; a larger body is refused before it is buffered whole. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw new PayloadTooLargeError({ limit });
  if (request.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLargeError({ limit });
    chunks.push(chunk);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch (cause) {
    throw new InvalidJsonError({ cause });
  }
}

/**
 * Reads the request body as JSON (`application/json` or `+json`), at most `limit` bytes. Handlers call it
 * themselves, after authentication, so an unauthenticated client never gets its body buffered or parsed.
 */
export async function readJsonBody(request: Request, { limit }: { limit: number }): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new UnsupportedMediaTypeError({ expected: 'application/json' });
  }
  const text = await readBodyText(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new InvalidJsonError({ cause });
  }
}
