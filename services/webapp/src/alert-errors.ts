// The alert policy's error catalogue: bad settings, bad observations, bad stored state.

// These do not extend the kit's AppError on purpose: the policy is sans-IO and must not pull the kit (Elysia,
// prom-client) into its import graph. The server maps them at its edge, e.g. InvalidPolicyError → 400 with `field`.

/** Base of every error the alert policy throws; `code` is stable, callers switch on it. */
export abstract class AlertPolicyError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The watch's settings are unusable: a threshold on the wrong side, a percent where a fraction belongs, ... */
export class InvalidPolicyError extends AlertPolicyError {
  readonly code = 'invalid_alert_policy';
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** An observation or clock reading that is not a measurement: NaN, negative, infinite, unknown kind. */
export class InvalidObservationError extends AlertPolicyError {
  readonly code = 'invalid_observation';
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** Stored watch state that does not decode: not JSON, unknown version, a field missing or out of range. */
export class CorruptStateError extends AlertPolicyError {
  readonly code = 'corrupt_alert_state';

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super(`stored alert state: ${message}`, { cause });
  }
}
