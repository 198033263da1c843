// ntfy's error catalogue and error body: {"code":40007,"http":400,"error":"...","link":"..."}.

import { AppError } from '@keel/kit';

const DOCS = 'https://ntfy.sh/docs';

export class NtfyError extends AppError {
  readonly ntfyCode: number;
  readonly link: string | null;

  constructor(ntfyCode: number, http: number, error: string, link: string | null = null, cause?: unknown) {
    super({ code: String(ntfyCode), status: http, message: error, cause });
    this.ntfyCode = ntfyCode;
    this.link = link;
  }

  /** The same error with `; detail` appended, as ntfy words it. */
  with(detail: string): NtfyError {
    return new NtfyError(this.ntfyCode, this.status, `${this.message}; ${detail}`, this.link);
  }

  override toJSON(): Record<string, string | number> {
    const body: Record<string, string | number> = { code: this.ntfyCode, http: this.status, error: this.message };
    if (this.link !== null) body.link = this.link;
    return body;
  }
}

const limitsLink = `${DOCS}/publish/#limitations`;

export const errors = {
  emailDisabled: () =>
    new NtfyError(40001, 400, 'e-mail notifications are not enabled', `${DOCS}/config/#e-mail-notifications`),
  delayNoCache: () => new NtfyError(40002, 400, 'cannot disable cache for delayed message'),
  delayNoEmail: () => new NtfyError(40003, 400, 'delayed e-mail notifications are not supported'),
  delayCannotParse: () =>
    new NtfyError(40004, 400, 'invalid delay parameter: unable to parse delay', `${DOCS}/publish/#scheduled-delivery`),
  delayTooSmall: () =>
    new NtfyError(
      40005,
      400,
      'invalid delay parameter: too small, please refer to the docs',
      `${DOCS}/publish/#scheduled-delivery`,
    ),
  delayTooLarge: () =>
    new NtfyError(
      40006,
      400,
      'invalid delay parameter: too large, please refer to the docs',
      `${DOCS}/publish/#scheduled-delivery`,
    ),
  priorityInvalid: () => new NtfyError(40007, 400, 'invalid priority parameter', `${DOCS}/publish/#message-priority`),
  sinceInvalid: () =>
    new NtfyError(40008, 400, 'invalid since parameter', `${DOCS}/subscribe/api/#fetch-cached-messages`),
  topicInvalid: () => new NtfyError(40009, 400, 'invalid request: topic invalid'),
  topicDisallowed: () => new NtfyError(40010, 400, 'invalid request: topic name is not allowed'),
  attachmentsNotAllowed: () => new NtfyError(40014, 400, 'invalid request: attachments not allowed'),
  notWebSocket: () => new NtfyError(40016, 400, 'invalid request: client not using the websocket protocol'),
  iconInvalid: () => new NtfyError(40021, 400, 'invalid request: icon URL is invalid', `${DOCS}/publish/#icons`),
  jsonInvalid: () =>
    new NtfyError(40024, 400, 'invalid request: request body must be valid JSON', `${DOCS}/publish/#publish-as-json`),
  notFound: () => new NtfyError(40401, 404, 'page not found'),
  jsonTooLarge: () => new NtfyError(41303, 413, 'JSON body too large', `${DOCS}/publish/#publish-as-json`),
  tooManyRequests: () => new NtfyError(42901, 429, 'limit reached: too many requests', limitsLink),
  tooManyEmails: () => new NtfyError(42902, 429, 'limit reached: too many emails', limitsLink),
  tooManySubscriptions: () => new NtfyError(42903, 429, 'limit reached: too many active subscriptions', limitsLink),
  internal: (cause: unknown) => new NtfyError(50001, 500, 'internal server error', null, cause),
};

/** Error mapper for the kit's error handler: every answer in ntfy's shape. */
export function toNtfyError(error: unknown, elysiaCode: string | number): AppError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof NtfyError) return cause;
  }
  if (elysiaCode === 'NOT_FOUND') return errors.notFound();
  if (elysiaCode === 'PARSE' || elysiaCode === 'VALIDATION') return new NtfyError(40000, 400, 'invalid request');
  return errors.internal(error);
}
