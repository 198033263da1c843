// Topic name rules, as ntfy enforces them (anchor §1.7).

const TOPIC_PATTERN = /^[-_A-Za-z0-9]{1,64}$/;

/** Names the server keeps for itself (ntfy's `DefaultDisallowedTopics`). */
export const RESERVED_TOPICS: readonly string[] = [
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
];

/** Why `name` cannot be a topic, in words for the user; `null` when it can. */
export function topicProblem(name: string): string | null {
  if (name === '') return 'Enter a topic name.';
  if (name.length > 64) return 'A topic name has at most 64 characters.';
  if (!TOPIC_PATTERN.test(name)) return 'Use only letters, digits, "-" and "_".';
  if (RESERVED_TOPICS.includes(name)) return `"${name}" is reserved by the server; pick another name.`;
  return null;
}
