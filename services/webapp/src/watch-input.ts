// POST /api/watches bodies: every field checked against the chains configuration and the alert policy.

import { InvalidFieldError } from '@keel/kit';
import { isTopic, RESERVED_TOPICS } from '@keel/notifier';
import { getAddress, isAddress } from 'viem';
import { InvalidPolicyError } from './alert-errors.ts';
import { METRIC_KINDS, type MetricKind, parseAlertPolicy } from './alert-policy.ts';
import type { ChainConfig } from './config.ts';
import type { NewWatch } from './watch.ts';

const FIELDS = ['chain', 'preset', 'id', 'owner', 'label', 'metric', 'warning', 'critical', 'topic', 'email'];

/** RFC 5321 §4.5.3.1.3: a path is at most 256 octets, so an address at most 254. */
const MAX_EMAIL_LENGTH = 254;
/** A practical shape check, not RFC 5322: one @, no spaces or angle brackets, a dot in the domain. */
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Long enough for any preset label or nickname, short enough for a notification title. */
export const MAX_LABEL_LENGTH = 80;
/** uint256 has 78 decimal digits. */
const TOKEN_ID = /^(0|[1-9][0-9]{0,77})$/;
const MAX_TOKEN_ID = 2n ** 256n - 1n;

export function parseNewWatch(body: unknown, chains: Readonly<Record<string, ChainConfig>>): NewWatch {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidFieldError({ field: 'body', message: 'must be a JSON object' });
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) {
    throw new InvalidFieldError({ field: unknown, message: `is not a watch field (known: ${FIELDS.join(', ')})` });
  }
  const chainName = requiredString(input, 'chain');
  const chain = Object.hasOwn(chains, chainName) ? chains[chainName] : undefined;
  if (chain === undefined) {
    throw new InvalidFieldError({ field: 'chain', message: `must be one of ${Object.keys(chains).join(', ')}` });
  }
  const presetKey = requiredString(input, 'preset');
  const preset = chain.presets.find((candidate) => candidate.key === presetKey);
  if (preset === undefined) {
    throw new InvalidFieldError({ field: 'preset', message: `${presetKey} is not a preset of ${chainName}` });
  }
  const id = requiredString(input, 'id');
  if (!TOKEN_ID.test(id) || BigInt(id) > MAX_TOKEN_ID) {
    throw new InvalidFieldError({ field: 'id', message: 'must be a token id in decimal, e.g. "42"' });
  }
  const owner = requiredString(input, 'owner');
  if (!isAddress(owner, { strict: false })) {
    throw new InvalidFieldError({ field: 'owner', message: 'must be a 0x-prefixed 20-byte address' });
  }
  const metric = requiredString(input, 'metric');
  if (!METRIC_KINDS.includes(metric as MetricKind)) {
    throw new InvalidFieldError({ field: 'metric', message: `must be one of ${METRIC_KINDS.join(', ')}` });
  }
  const warning = requiredNumber(input, 'warning');
  const critical = requiredNumber(input, 'critical');
  try {
    parseAlertPolicy({ metric: metric as MetricKind, warning, critical });
  } catch (error) {
    if (error instanceof InvalidPolicyError)
      throw new InvalidFieldError({ field: error.field, message: error.message.replace(`${error.field}: `, '') });
    throw error;
  }
  return {
    chain: chainName,
    preset: preset.key,
    positionId: BigInt(id),
    owner: getAddress(owner),
    label: parseLabel(input.label, preset.label),
    metric: metric as MetricKind,
    warning,
    critical,
    topic: parseTopic(input.topic),
    email: parseEmail(input.email),
  };
}

function requiredString(input: Record<string, unknown>, field: string): string {
  const value = input[field];
  if (value === undefined) throw new InvalidFieldError({ field, message: 'is required' });
  if (typeof value !== 'string') throw new InvalidFieldError({ field, message: 'must be a string' });
  return value;
}

function requiredNumber(input: Record<string, unknown>, field: string): number {
  const value = input[field];
  if (value === undefined) throw new InvalidFieldError({ field, message: 'is required' });
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidFieldError({ field, message: 'must be a finite number' });
  }
  return value;
}

/** Empty or absent: the preset's label. */
function parseLabel(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new InvalidFieldError({ field: 'label', message: 'must be a string' });
  const label = value.trim();
  if (label === '' || label.length > MAX_LABEL_LENGTH || /\p{Cc}/u.test(label)) {
    throw new InvalidFieldError({
      field: 'label',
      message: `must be 1 to ${MAX_LABEL_LENGTH} characters without control characters`,
    });
  }
  return label;
}

function parseTopic(value: unknown): string {
  if (value === undefined) throw new InvalidFieldError({ field: 'topic', message: 'is required' });
  if (typeof value !== 'string' || !isTopic(value)) {
    throw new InvalidFieldError({
      field: 'topic',
      message: 'must be a notifier topic: 1 to 64 letters, digits, - or _',
    });
  }
  if (RESERVED_TOPICS.has(value)) {
    throw new InvalidFieldError({ field: 'topic', message: `${value} is reserved by the notifier; pick another` });
  }
  return value;
}

function parseEmail(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value)) {
    throw new InvalidFieldError({ field: 'email', message: 'must be an e-mail address such as name@example.com' });
  }
  return value;
}
