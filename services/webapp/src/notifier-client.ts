// Publishes alerts to the notifier the ntfy way: POST /<topic>, the body as text, the rest in X-* headers.

import type { AlertMessage } from './alert-message.ts';
import { DependencyUnavailableError } from './errors.ts';

/** A publish is one small request; past this the notifier is down as far as this check is concerned. */
const PUBLISH_TIMEOUT_MS = 5_000;

export interface NotifierClient {
  publish(topic: string, message: AlertMessage, email: string | null): Promise<void>;
}

export function createNotifierClient({
  baseUrl,
  fetch,
}: {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
}): NotifierClient {
  return {
    async publish(topic, message, email) {
      const headers: Record<string, string> = {
        'content-type': 'text/plain; charset=utf-8',
        'x-title': headerText(message.title),
        'x-priority': String(message.priority),
        'x-tags': message.tags.join(','),
        'x-click': message.click,
      };
      if (email !== null) headers['x-email'] = email;
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/${topic}`, {
          method: 'POST',
          headers,
          body: message.body,
          signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
        });
      } catch (cause) {
        throw new DependencyUnavailableError({
          dependency: 'notifier',
          message: `notifier at ${baseUrl} did not answer: ${(cause as Error).message}`,
          cause,
        });
      }
      const text = await response.text();
      if (!response.ok) {
        // Even a 4xx is retried: dropping the alert would be worse than a loud, repeating error in the log.
        throw new DependencyUnavailableError({
          dependency: 'notifier',
          message: `notifier refused the alert for topic ${topic}: ${response.status} ${text.slice(0, 200)}`,
        });
      }
    },
  };
}

/** Header values are Latin-1 on the wire; anything beyond ASCII goes as an RFC 2047 encoded-word, which ntfy decodes. */
function headerText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}
