// "Publish as JSON" (PUT/POST /): the JSON fields become the parameters of an ordinary publish.

import { errors } from './errors.ts';
import type { ParamSource } from './params.ts';
import { isTopic } from './topic.ts';

/** ntfy: twice the message size limit. */
export const MAX_JSON_BODY_BYTES = 8192;

const STRING_FIELDS: Readonly<Record<string, string>> = {
  title: 'x-title',
  click: 'x-click',
  icon: 'x-icon',
  email: 'x-email',
  delay: 'x-delay',
  cache: 'x-cache',
  attach: 'x-attach',
  filename: 'x-filename',
};

/** Throws 40024 for a body that is not a JSON object of the right types, 40009 for a bad topic. */
export function parseJsonPublication(
  text: string,
  base: ParamSource,
): { topic: string; body: string; source: ParamSource } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw errors.jsonInvalid();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw errors.jsonInvalid();
  const fields = parsed as Record<string, unknown>;
  const headers = new Headers(base.headers);
  // JSON values win over request headers when they are set, as in ntfy.
  for (const [field, header] of Object.entries(STRING_FIELDS)) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw errors.jsonInvalid();
    if (value !== '') headers.set(header, value);
  }
  const { topic, message, priority, tags, markdown, actions } = fields;
  if (typeof topic !== 'string' || !isTopic(topic)) throw errors.topicInvalid();
  if (message !== undefined && message !== null && typeof message !== 'string') throw errors.jsonInvalid();
  if (priority !== undefined && priority !== null) {
    if (typeof priority !== 'number' || !Number.isInteger(priority)) throw errors.jsonInvalid();
    if (priority !== 0) headers.set('x-priority', String(priority));
  }
  if (tags !== undefined && tags !== null) {
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) throw errors.jsonInvalid();
    if (tags.length > 0) headers.set('x-tags', tags.join(','));
  }
  if (markdown !== undefined && markdown !== null) {
    if (typeof markdown !== 'boolean') throw errors.jsonInvalid();
    if (markdown) headers.set('x-markdown', 'yes');
  }
  if (Array.isArray(actions) && actions.length > 0) headers.set('x-actions', JSON.stringify(actions));
  return { topic, body: typeof message === 'string' ? message : '', source: { headers, query: base.query } };
}
