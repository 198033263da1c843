// Bearer tokens on requests: `Authorization: Bearer <token>`, checked against the token store.

import { UnauthorizedError } from '@keel/kit';
import type { TokenStore } from './token-store.ts';

/** The token in the Authorization header, or null when there is none (any other scheme counts as none). */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The fingerprint the request's token belongs to; 401 without a valid one. */
export function callerOf(request: Request, tokens: TokenStore): string {
  const token = bearerToken(request);
  if (token === null)
    throw new UnauthorizedError({ message: 'send Authorization: Bearer <token> (POST /v1/auth/verify)' });
  const check = tokens.check(token);
  if (!check.valid) throw new UnauthorizedError({ message: check.error });
  return check.fingerprint;
}
