// Strict readers for the fields of one decoded JSON object: every key known, every value typed and in range.

import { hexToBytes } from '@noble/hashes/utils.js';
import { QUALITY_PROFILES, type QualityProfile } from './signal.ts';
import { SignalDecodeError } from './signal-error.ts';

const LOWER_HEX = /^(?:[0-9a-f]{2})*$/;

export type JsonObject = Readonly<Record<string, unknown>>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the fields of one JSON object; `path` prefixes field names in errors (`report.loss_pct`). */
export class SignalFields {
  readonly #object: JsonObject;
  readonly #path: string;

  /** Refuses any key outside `allowed`, so a misspelt or future field is an error rather than silently dropped. */
  constructor(object: JsonObject, allowed: readonly string[], path = '') {
    this.#object = object;
    this.#path = path;
    for (const key of Object.keys(object)) {
      if (!allowed.includes(key)) {
        throw new SignalDecodeError('signal_unknown_field', `unknown field ${this.#name(key)}`, {
          field: this.#name(key),
        });
      }
    }
  }

  /** Lowercase hex of exactly `length` bytes. */
  bytes(key: string, length: number): Uint8Array {
    const value = this.#string(key);
    if (!LOWER_HEX.test(value)) throw this.#invalid(key, 'must be lowercase hex with an even number of digits');
    if (value.length !== length * 2) throw this.#invalid(key, `must be ${length} bytes (${length * 2} hex digits)`);
    return hexToBytes(value);
  }

  /** A string matching `pattern`, whose anchors and length bounds the caller states in `rule`. */
  text(key: string, pattern: RegExp, rule: string): string {
    const value = this.#string(key);
    if (!pattern.test(value)) throw this.#invalid(key, rule);
    return value;
  }

  /** Like `text`, but the key must still be present with `null` meaning "none". */
  nullableText(key: string, pattern: RegExp, rule: string): string | null {
    return this.#present(key) === null ? null : this.text(key, pattern, rule);
  }

  integer(key: string, min: number, max: number): number {
    const value = this.#present(key);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw this.#invalid(key, `must be an integer from ${min} to ${max}`);
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.#string(key);
    if (!(allowed as readonly string[]).includes(value))
      throw this.#invalid(key, `must be one of ${allowed.join(', ')}`);
    return value as T;
  }

  profile(key: string): QualityProfile {
    return this.oneOf(key, QUALITY_PROFILES);
  }

  /** One to three distinct profiles. */
  profiles(key: string): QualityProfile[] {
    const value = this.#present(key);
    if (!Array.isArray(value) || value.length === 0 || value.length > QUALITY_PROFILES.length) {
      throw this.#invalid(key, `must be an array of 1 to ${QUALITY_PROFILES.length} profiles`);
    }
    const profiles: QualityProfile[] = [];
    for (const item of value) {
      if (typeof item !== 'string' || !(QUALITY_PROFILES as readonly string[]).includes(item)) {
        throw this.#invalid(key, `must hold only ${QUALITY_PROFILES.join(', ')}`);
      }
      if (profiles.includes(item as QualityProfile)) throw this.#invalid(key, `lists ${item} twice`);
      profiles.push(item as QualityProfile);
    }
    return profiles;
  }

  /** A nested object, read with its own allowed keys. */
  object(key: string, allowed: readonly string[]): SignalFields {
    const value = this.#present(key);
    if (!isJsonObject(value)) throw this.#invalid(key, 'must be an object');
    return new SignalFields(value, allowed, `${this.#name(key)}.`);
  }

  #string(key: string): string {
    const value = this.#present(key);
    if (typeof value !== 'string') throw this.#invalid(key, 'must be a string');
    return value;
  }

  #present(key: string): unknown {
    if (!Object.hasOwn(this.#object, key)) {
      throw new SignalDecodeError('signal_missing_field', `missing field ${this.#name(key)}`, {
        field: this.#name(key),
      });
    }
    return this.#object[key];
  }

  #invalid(key: string, rule: string): SignalDecodeError {
    return new SignalDecodeError('signal_invalid_field', `${this.#name(key)} ${rule}`, { field: this.#name(key) });
  }

  #name(key: string): string {
    return `${this.#path}${key}`;
  }
}
