// Fetches what the server has cached for a topic (ntfy's poll: NDJSON, then the response ends).

import type { NotifierEnv } from './env.ts';
import { type NotifierMessage, parseEvent } from './message.ts';

export class CatchUpError extends Error {
  override readonly name = 'CatchUpError';
}

/** Every cached message of `topic`, oldest first. */
export async function fetchCachedMessages(
  env: Pick<NotifierEnv, 'apiBase' | 'fetch'>,
  topic: string,
): Promise<NotifierMessage[]> {
  const response = await env.fetch(`${env.apiBase}${topic}/json?poll=1&since=all`);
  if (!response.ok) throw new CatchUpError(`catching up on ${topic}: HTTP ${response.status}`);
  const messages: NotifierMessage[] = [];
  for (const line of (await response.text()).split('\n')) {
    if (line.trim() === '') continue;
    const event = parseEvent(line);
    if (event?.event === 'message') messages.push(event.message);
  }
  return messages;
}
