// Failures of the services the page talks to, in words a user can act on.

export type ServiceName = 'scheduler' | 'notifier' | 'ownership cache' | 'alert service';

/** A request to one of our services failed; `message` is written for the user. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** fetch() rejected: offline, refused, DNS, or a CORS refusal (browsers do not tell them apart). */
export function unreachable(service: ServiceName, url: string, cause: unknown): ServiceError {
  return new ServiceError(`The ${service} at ${url} could not be reached (is it running, is CORS allowed?).`, null, {
    cause,
  });
}

/** The service answered with an error status; its own `message` (our services' `{ code, message }`) when it gave one. */
export function refused(service: ServiceName, url: string, status: number, body: string): ServiceError {
  const detail = serverMessage(body);
  if (status === 401 || status === 403) {
    const key = service === 'scheduler' ? 'the scheduler API key is wrong' : `the ${service} refused the API key`;
    return new ServiceError(`${capitalise(key)} (HTTP ${status}); check it in Alert settings.`, status);
  }
  if (status === 404)
    return new ServiceError(`Nothing answers at ${url} (HTTP 404); check the ${service} URL.`, status);
  if (status === 429)
    return new ServiceError(`The ${service} is rate-limiting requests; try again in a minute.`, status);
  if (status >= 500) {
    const gateway = status === 502 || status === 503 || status === 504;
    return new ServiceError(
      gateway
        ? `The ${service} is not answering behind the gateway (HTTP ${status}); is it running?`
        : `The ${service} failed (HTTP ${status})${detail === null ? '' : `: ${detail}`}.`,
      status,
    );
  }
  return new ServiceError(
    `The ${service} refused the request (HTTP ${status})${detail === null ? '' : `: ${detail}`}.`,
    status,
  );
}

function serverMessage(body: string): string | null {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json === 'object' && json !== null) {
      const { message, error } = json as Record<string, unknown>;
      if (typeof message === 'string' && message !== '') return message;
      if (typeof error === 'string' && error !== '') return error;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone has to do.
  }
  return null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The user-facing text of anything thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
