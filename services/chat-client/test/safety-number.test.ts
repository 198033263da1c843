// The safety number: a pinned vector (computed independently with Python's hashlib from the definition in
// src/safety-number.ts), independence from the order of the two users, and sensitivity to either fingerprint.

import { expect, test } from 'bun:test';
import { safetyNumber } from '../src/index.ts';

const LOW = '0000:0000:0000:0000:0000:0000:0000:0001';
const HIGH = 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe';
/** python3: sha512(b'keel-chat-safety-v1\x00' + low + high), twelve 5-byte groups mod 100000. */
const EXPECTED = '39164 22499 25307 46077 61048 37216 85433 74432 76702 56795 87403 18013';

test('the safety number of a fixed pair is the pinned vector, whichever side computes it', async () => {
  expect(await safetyNumber(LOW, HIGH)).toBe(EXPECTED);
  expect(await safetyNumber(HIGH, LOW)).toBe(EXPECTED);
});

test('changing either fingerprint changes the safety number', async () => {
  const other = '0000:0000:0000:0000:0000:0000:0000:0002';
  expect(await safetyNumber(other, HIGH)).not.toBe(EXPECTED);
  expect(await safetyNumber(LOW, other)).not.toBe(EXPECTED);
});
