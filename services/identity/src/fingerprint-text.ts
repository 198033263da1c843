// Fingerprints as operators paste them into `peers` and `trusted`: exactly the text @keel/identity prints.

import { FINGERPRINT_BYTES } from './fingerprint.ts';

/** Mirrors `fingerprint()` of @keel/identity (four hex characters per group); a test keeps the two in step. */
const GROUP_CHARS = 4;
const GROUPS = (FINGERPRINT_BYTES * 2) / GROUP_CHARS;
const FINGERPRINT_TEXT = new RegExp(`^[0-9a-f]{${GROUP_CHARS}}(?::[0-9a-f]{${GROUP_CHARS}}){${GROUPS - 1}}$`);

/** Returns `text` when it is a fingerprint; throws an Error whose message shows the expected form. */
export function parseFingerprint(text: string): string {
  if (!FINGERPRINT_TEXT.test(text)) {
    throw new Error(
      `'${text}' is not a fingerprint: ${GROUPS} groups of ${GROUP_CHARS} lowercase hex characters joined by colons`,
    );
  }
  return text;
}
