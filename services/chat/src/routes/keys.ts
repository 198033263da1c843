// /v1/keys: upload a key bundle (the first proves itself, later ones need the owner's token), fetch someone's
// bundle with one of their one-time prekeys, and see how many one-time prekeys are left.

import { parseFingerprint } from '@keel/identity';
import { InvalidFieldError, readJsonBody } from '@keel/kit';
import { Elysia } from 'elysia';
import { callerOf } from '../bearer.ts';
import { ForbiddenError, UnknownFingerprintError } from '../errors.ts';
import { bundleToJson, checkBundleProof, parseBundleUpload } from '../key-bundle.ts';
import type { KeyStore } from '../key-store.ts';
import type { RateLimits } from '../rate-limits.ts';
import type { TokenStore } from '../token-store.ts';

/** 100 one-time prekeys of ≈ 80 bytes of JSON each, the identity keys and the signed prekey. */
const MAX_BUNDLE_BODY = 64 * 1024;

export interface KeyRoutesOptions {
  readonly keys: KeyStore;
  readonly tokens: TokenStore;
  /** Bundle fetches per (requester, target), so nobody drains someone's one-time prekeys. */
  readonly fetchLimits: RateLimits;
}

export function keyRoutes({ keys, tokens, fetchLimits }: KeyRoutesOptions) {
  return new Elysia({ prefix: '/v1/keys' })
    .put('', async function uploadBundle({ request, set }) {
      const upload = parseBundleUpload(await readJsonBody(request, { limit: MAX_BUNDLE_BODY }));
      checkBundleProof(upload);
      const existing = keys.get(upload.fingerprint);
      if (existing !== null && callerOf(request, tokens) !== upload.fingerprint) {
        throw new ForbiddenError('only the owner of a bundle may change it');
      }
      keys.save(upload);
      set.status = existing === null ? 201 : 200;
      return { fingerprint: upload.fingerprint, one_time_prekeys_left: keys.prekeysLeft(upload.fingerprint) };
    })
    .get('', function ownPrekeys({ request }) {
      const caller = callerOf(request, tokens);
      const bundle = keys.get(caller);
      if (bundle === null) throw new UnknownFingerprintError(caller);
      return { one_time_prekeys_left: keys.prekeysLeft(caller), signed_prekey_id: bundle.signedPrekey.id };
    })
    .get('/:fingerprint', function fetchBundle({ request, params }) {
      const caller = callerOf(request, tokens);
      const target = fingerprintParam(params.fingerprint);
      const bundle = keys.get(target);
      if (bundle === null) throw new UnknownFingerprintError(target);
      fetchLimits.take(`${caller} ${target}`);
      return bundleToJson(bundle, keys.takePrekey(target));
    });
}

function fingerprintParam(value: string): string {
  try {
    return parseFingerprint(decodeURIComponent(value));
  } catch (error) {
    throw new InvalidFieldError({ field: 'fingerprint', message: (error as Error).message });
  }
}
