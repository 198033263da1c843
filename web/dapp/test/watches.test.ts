import { expect, test } from 'bun:test';
import { watchDraftProblem } from '../src/lib/watches.ts';

const good = { warning: 1.2, critical: 1.05, topic: 'my-loans', email: null };

test.each([
  ['a sound draft', good, null],
  ['a draft with an e-mail too', { ...good, email: 'me@example.org' }, null],
  ['a warning at liquidation', { ...good, warning: 1 }, 'The warning level must be above 1 (1 is liquidation).'],
  ['a critical level of zero', { ...good, critical: 0 }, 'The critical level must be above 1 (1 is liquidation).'],
  [
    'a critical level above the warning',
    { ...good, critical: 1.3 },
    'The critical level must be lower than the warning level.',
  ],
  [
    'no topic, even with an e-mail',
    { ...good, topic: '', email: 'me@example.org' },
    'Set a notifier topic in Alert settings first, so the alert has somewhere to go.',
  ],
  [
    'a warning that is not a number',
    { ...good, warning: Number.NaN },
    'The warning level must be above 1 (1 is liquidation).',
  ],
])('%s', (_name, draft, problem) => {
  expect(watchDraftProblem(draft)).toBe(problem);
});
