// /v1/auth: challenge, verify (Ed25519 over the challenge's 32 bytes) and validate (both the JSON and the relay's
// bearer form).

import { InvalidFieldError, readJsonBody } from '@keel/kit';
import { Elysia } from 'elysia';
import { bearerToken } from '../bearer.ts';
import type { ChallengeBook } from '../challenges.ts';
import { ChallengeFailedError } from '../errors.ts';
import { asObject, base64Field, fingerprintField, hexField, onlyFields, text } from '../fields.ts';
import { SIGNATURE_BYTES, verifySignature } from '../key-bundle.ts';
import type { KeyStore } from '../key-store.ts';
import type { RateLimits } from '../rate-limits.ts';
import type { TokenStore } from '../token-store.ts';

const MAX_AUTH_BODY = 4 * 1024;

export interface AuthRoutesOptions {
  readonly keys: KeyStore;
  readonly challenges: ChallengeBook;
  readonly tokens: TokenStore;
  /** Challenges asked per fingerprint. */
  readonly challengeLimits: RateLimits;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function authRoutes({ keys, challenges, tokens, challengeLimits }: AuthRoutesOptions) {
  return new Elysia({ prefix: '/v1/auth' })
    .post('/challenge', async function challenge({ request }) {
      const body = asObject(await readJsonBody(request, { limit: MAX_AUTH_BODY }), 'body');
      onlyFields(body, ['fingerprint']);
      const fingerprint = fingerprintField(body);
      challengeLimits.take(fingerprint);
      // Issued whether or not the fingerprint is registered: the answer says nothing about who exists.
      const issued = challenges.issue(fingerprint);
      return { challenge: issued.challenge, expires_at: iso(issued.expiresAt) };
    })
    .post('/verify', async function verify({ request }) {
      const body = asObject(await readJsonBody(request, { limit: MAX_AUTH_BODY }), 'body');
      onlyFields(body, ['fingerprint', 'challenge', 'signature']);
      const fingerprint = fingerprintField(body);
      const challengeBytes = hexField(body, 'challenge', 32);
      const signature = base64Field(body, 'signature', SIGNATURE_BYTES);
      // Taken first: this attempt uses the challenge up, whatever happens next.
      if (!challenges.take(fingerprint, text(body, 'challenge'))) throw new ChallengeFailedError();
      const bundle = keys.get(fingerprint);
      if (bundle === null || !verifySignature(signature, challengeBytes, bundle.identityKey)) {
        throw new ChallengeFailedError();
      }
      const issued = tokens.issue(fingerprint);
      return { token: issued.token, expires_at: iso(issued.expiresAt) };
    })
    .post('/validate', async function validate({ request }) {
      const token = await presentedToken(request);
      const check = tokens.check(token);
      if (!check.valid) return { valid: false, error: check.error };
      return {
        valid: true,
        fingerprint: check.fingerprint,
        alias: keys.get(check.fingerprint)?.alias ?? null,
        expires_at: iso(check.expiresAt),
      };
    });
}

/** The token of a validate call: `{token}` in a JSON body when one is sent, else the bearer header (the relay). */
async function presentedToken(request: Request): Promise<string> {
  const hasBody = request.headers.get('content-length') !== '0' && request.headers.has('content-type');
  if (hasBody) {
    const body = asObject(await readJsonBody(request, { limit: MAX_AUTH_BODY }), 'body');
    onlyFields(body, ['token']);
    return text(body, 'token');
  }
  const bearer = bearerToken(request);
  if (bearer === null) {
    throw new InvalidFieldError({ field: 'token', message: 'send {"token": ...} or Authorization: Bearer <token>' });
  }
  return bearer;
}
