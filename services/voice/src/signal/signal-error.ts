// Typed failures of signal decoding, framing and signature checks, each with a stable string code.

export type SignalErrorCode =
  | 'signal_invalid_utf8'
  | 'signal_malformed_json'
  | 'signal_not_object'
  | 'signal_unknown_type'
  | 'signal_unknown_field'
  | 'signal_missing_field'
  | 'signal_invalid_field'
  | 'signal_frame_empty'
  | 'signal_frame_too_large'
  | 'signal_frame_truncated'
  | 'signal_stream_failed'
  | 'signal_sodium_not_ready'
  | 'signal_invalid_key';

/**
 * The base of every signal error. The voice package has no kit dependency yet, so this extends Error directly;
 * `code` and `field` follow the kit's AppError shape so it can move onto that base unchanged.
 */
export class SignalError extends Error {
  readonly code: SignalErrorCode;
  /** The offending JSON field, when one is to blame. */
  readonly field: string | null;

  constructor(code: SignalErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.field = options.field ?? null;
  }
}

/** A frame's payload is not a valid signal; the stream stays in sync and the next frame can still be read. */
export class SignalDecodeError extends SignalError {}

/** The byte stream cannot be framed any longer (a declared length over the limit, or a frame cut short). */
export class SignalFramingError extends SignalError {}
