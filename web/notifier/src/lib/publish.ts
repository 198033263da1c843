// Publishing as ntfy's web app does: `PUT <base><topic>?title=…&priority=…&tags=…&email=…` with the text as body.

import type { NotifierEnv } from './env.ts';
import type { Priority } from './message.ts';

export interface PublishDraft {
  readonly topic: string;
  readonly title: string;
  readonly message: string;
  readonly priority: Priority;
  /** As the user typed them: comma-separated. */
  readonly tags: string;
  readonly email: string;
}

/** The server refused the message; `message` is its own words (ntfy's `error` field). */
export class PublishError extends Error {
  override readonly name = 'PublishError';
  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The request URL; empty fields and the default priority are left out. */
export function publishUrl(apiBase: string, draft: PublishDraft): string {
  const params = new URLSearchParams();
  const title = draft.title.trim();
  if (title !== '') params.set('title', title);
  if (draft.priority !== 3) params.set('priority', String(draft.priority));
  const tags = splitTags(draft.tags);
  if (tags.length > 0) params.set('tags', tags.join(','));
  const email = draft.email.trim();
  if (email !== '') params.set('email', email);
  const query = params.toString();
  return `${apiBase}${draft.topic}${query === '' ? '' : `?${query}`}`;
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** What to tell the user about a failed publish, from ntfy's error JSON `{code, http, error, link}` when there is one. */
export function publishErrorFrom(status: number, body: string): PublishError {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json === 'object' && json !== null) {
      const { error, code } = json as Record<string, unknown>;
      if (typeof error === 'string') return new PublishError(error, typeof code === 'number' ? code : null, status);
    }
  } catch {
    // Not ntfy's JSON (a proxy's page, say): fall through to the status.
  }
  return new PublishError(`the server answered HTTP ${status}`, null, status);
}

export async function publish(env: Pick<NotifierEnv, 'apiBase' | 'fetch'>, draft: PublishDraft): Promise<void> {
  const response = await env.fetch(publishUrl(env.apiBase, draft), { method: 'PUT', body: draft.message });
  if (!response.ok) throw publishErrorFrom(response.status, await response.text());
}
