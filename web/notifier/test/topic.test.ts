import { expect, test } from 'bun:test';
import { RESERVED_TOPICS, topicProblem } from '../src/lib/topic.ts';

test.each(['alerts', 'a', 'Backup_job-2', 'x'.repeat(64)])('%p is a valid topic', (name) => {
  expect(topicProblem(name)).toBeNull();
});

test.each([
  ['', 'Enter a topic name.'],
  ['x'.repeat(65), 'A topic name has at most 64 characters.'],
  ['has space', 'Use only letters, digits, "-" and "_".'],
  ['dots.not.allowed', 'Use only letters, digits, "-" and "_".'],
  ['a/b', 'Use only letters, digits, "-" and "_".'],
])('%p is refused with a reason', (name, reason) => {
  expect(topicProblem(name)).toBe(reason);
});

test.each([...RESERVED_TOPICS])('the reserved name %p is refused', (name) => {
  expect(topicProblem(name)).toBe(`"${name}" is reserved by the server; pick another name.`);
});
