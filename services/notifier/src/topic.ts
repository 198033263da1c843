// Topic names: what ntfy accepts in a path, and the names it keeps for itself.

export const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** ntfy's DefaultDisallowedTopics: names its web app and API use as paths. */
export const RESERVED_TOPICS: ReadonlySet<string> = new Set([
  'docs',
  'static',
  'file',
  'app',
  'metrics',
  'account',
  'settings',
  'signup',
  'login',
  'v1',
]);

export function isTopic(name: string): boolean {
  return TOPIC.test(name);
}

/** Splits `a,b,c`; `null` when any part is not a topic name (the path then matches no route: 404). */
export function parseTopicList(path: string): string[] | null {
  const topics = path.split(',');
  return topics.every(isTopic) ? topics : null;
}
