// Reading fields out of a parsed TOML table: type checks, required and unknown keys, and problem paths
// (`peers[0].fingerprint: ...`) gathered into one list so an operator fixes every mistake in one pass.

export type TomlTable = Readonly<Record<string, unknown>>;

/** A table being read, where it sits in the document, and the problem list shared by the whole document. */
export interface TableSource {
  readonly table: TomlTable;
  /** `''` for the top level, `peers[0]` for the first `[[peers]]` entry. */
  readonly path: string;
  readonly problems: string[];
}

/** Turns a TOML value into a config value; throws an Error whose message completes "field: ...". */
export type ValueCheck<T> = (value: unknown) => T;

export function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Records every key of the table not in `known`. */
export function refuseUnknownKeys(source: TableSource, known: readonly string[]): void {
  for (const key of Object.keys(source.table)) {
    if (!known.includes(key)) {
      source.problems.push(`${fieldPath(source, key)}: unknown key (known: ${known.join(', ')})`);
    }
  }
}

/** The checked value of `key`, or `fallback` when it is absent or fails its check (the failure is recorded). */
export function readField<T>(source: TableSource, key: string, check: ValueCheck<T>, fallback: T): T {
  const value = source.table[key];
  if (value === undefined) return fallback;
  return checked(source, fieldPath(source, key), value, check) ?? fallback;
}

/** Like {@link readField} for a required key: `null` when it is absent (recorded as missing) or invalid. */
export function readRequired<T>(source: TableSource, key: string, check: ValueCheck<T>): T | null {
  const value = source.table[key];
  if (value === undefined) {
    source.problems.push(`${fieldPath(source, key)}: required but missing`);
    return null;
  }
  return checked(source, fieldPath(source, key), value, check);
}

/** An array whose items each pass `check`; every bad item is recorded with its index. */
export function readList<T>(source: TableSource, key: string, check: ValueCheck<T>): T[] {
  const value = source.table[key];
  if (value === undefined) return [];
  const path = fieldPath(source, key);
  if (!Array.isArray(value)) {
    source.problems.push(`${path}: expected an array, got ${describeValue(value)}`);
    return [];
  }
  return value.flatMap((item, index) => checked(source, `${path}[${index}]`, item, check) ?? []);
}

/** An array of tables (`[[key]]`), each entry read by `readEntry`, which returns null for an unusable entry. */
export function readTables<T>(source: TableSource, key: string, readEntry: (entry: TableSource) => T | null): T[] {
  const value = source.table[key];
  if (value === undefined) return [];
  const path = fieldPath(source, key);
  if (!Array.isArray(value)) {
    source.problems.push(`${path}: expected an array of tables ([[${key}]]), got ${describeValue(value)}`);
    return [];
  }
  return value.flatMap((entry, index) => {
    const entryPath = `${path}[${index}]`;
    if (!isTable(entry)) {
      source.problems.push(`${entryPath}: expected a table, got ${describeValue(entry)}`);
      return [];
    }
    return readEntry({ table: entry, path: entryPath, problems: source.problems }) ?? [];
  });
}

export const tomlBoolean: ValueCheck<boolean> = (value) => {
  if (typeof value !== 'boolean') throw new Error(`expected a boolean, got ${describeValue(value)}`);
  return value;
};

export function tomlInteger({ min, max }: { min: number; max: number }): ValueCheck<number> {
  return (value) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw new Error(`expected an integer, got ${describeValue(value)}`);
    }
    if (value < min || value > max) throw new Error(`${value} is outside ${min}..${max}`);
    return value;
  };
}

/** A string, then `parse` (which may throw) for its meaning. */
export function tomlString<T>(parse: (text: string) => T): ValueCheck<T> {
  return (value) => {
    if (typeof value !== 'string') throw new Error(`expected a string, got ${describeValue(value)}`);
    return parse(value);
  };
}

function checked<T>(source: TableSource, path: string, value: unknown, check: ValueCheck<T>): T | null {
  try {
    return check(value);
  } catch (error) {
    source.problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function fieldPath(source: TableSource, key: string): string {
  return source.path === '' ? key : `${source.path}.${key}`;
}

/** The TOML type and value, for "expected X, got Y" messages. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  if (Array.isArray(value)) return 'an array';
  if (isTable(value)) return 'a table';
  return 'a date-time';
}
