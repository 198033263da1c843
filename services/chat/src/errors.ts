// The chat server's errors, on the kit's AppError (`{ code, message, ...details }` bodies).

import { AppError } from '@keel/kit';

/** One body for every failed verify: unknown fingerprint, unknown, used or expired challenge, bad signature. */
export class ChallengeFailedError extends AppError {
  constructor() {
    super({ code: 'challenge_failed', status: 401, message: 'the challenge could not be verified; ask for a new one' });
  }
}

/** A first bundle upload that does not prove itself, or one that tries to change the identity keys. */
export class InvalidBundleError extends AppError {
  constructor(message: string) {
    super({ code: 'invalid_bundle', status: 422, message });
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super({ code: 'forbidden', status: 403, message });
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super({ code: 'conflict', status: 409, message });
  }
}

export class UnknownFingerprintError extends AppError {
  constructor(fingerprint: string) {
    super({ code: 'unknown_fingerprint', status: 404, message: `no key bundle for ${fingerprint}` });
  }
}

export class RateLimitedError extends AppError {
  constructor(what: string, retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super({
      code: 'rate_limited',
      status: 429,
      message: `too many ${what}; retry in ${seconds} s`,
      headers: { 'retry-after': String(seconds) },
    });
  }
}

export class UnknownGroupError extends AppError {
  constructor(name: string) {
    super({ code: 'unknown_group', status: 404, message: `no group named ${name}` });
  }
}

/** A group post whose copies are not exactly one per other member (Signal's multi-device contract). */
export class MembershipMismatchError extends AppError {
  constructor(missing: readonly string[], extra: readonly string[]) {
    super({
      code: 'membership_mismatch',
      status: 409,
      message: 'send one copy to each other member: fetch the members and encrypt for the missing ones',
      details: { missing, extra },
    });
  }
}
