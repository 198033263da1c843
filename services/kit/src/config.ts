// Typed configuration from environment variables and command-line flags, validated all at once.

import { parseDuration } from './duration.ts';

export interface ConfigSource {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly argv: readonly string[];
}

export interface ParseContext {
  /** `NODE_ENV=production`: placeholder secrets and wildcard origins are refused. */
  readonly production: boolean;
}

export interface Setting<T> {
  /** Environment variable names, most specific first; the first one set wins. */
  readonly env: readonly string[];
  /** Flag name, accepted as `--name value`, `--name=value`, `-name value` and `-name=value`; beats env. */
  readonly flag?: string;
  readonly help: string;
  /** Turns the raw text into a value; throws an `Error` whose message says what is wrong. */
  readonly parse: (raw: string, context: ParseContext) => T;
  /** Present: the setting is optional and this is its value when unset. Absent: the setting is required. */
  readonly default?: T;
}

export type ConfigSpec = Readonly<Record<string, Setting<unknown>>>;
export type ConfigOf<S extends ConfigSpec> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** Every problem found in one pass, so an operator fixes them all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `--help` was given: the message is the usage text. */
export class HelpRequested extends Error {
  constructor(usage: string) {
    super(usage);
    this.name = 'HelpRequested';
  }
}

export function setting<T>(definition: Setting<T>): Setting<T> {
  return definition;
}

export function loadConfig<S extends ConfigSpec>(spec: S, source: ConfigSource): ConfigOf<S> {
  if (source.argv.some((arg) => arg === '--help' || arg === '-h')) throw new HelpRequested(usage(spec));
  const problems: string[] = [];
  const flags = parseFlags(spec, source.argv, problems);
  const context: ParseContext = { production: source.env.NODE_ENV === 'production' };
  const values: Record<string, unknown> = {};

  for (const [key, definition] of Object.entries(spec)) {
    const found = lookup(definition, flags, source.env);
    if (found === null) {
      if ('default' in definition) values[key] = definition.default;
      else problems.push(`${settingNames(definition)}: required but not set (${definition.help})`);
      continue;
    }
    try {
      values[key] = definition.parse(found.raw, context);
    } catch (error) {
      problems.push(`${found.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as ConfigOf<S>;
}

function lookup(
  definition: Setting<unknown>,
  flags: ReadonlyMap<string, string>,
  env: ConfigSource['env'],
): { name: string; raw: string } | null {
  if (definition.flag !== undefined) {
    const raw = flags.get(definition.flag);
    if (raw !== undefined) return { name: `--${definition.flag}`, raw };
  }
  for (const name of definition.env) {
    const raw = env[name];
    if (raw !== undefined && raw !== '') return { name, raw };
  }
  return null;
}

function parseFlags(spec: ConfigSpec, argv: readonly string[], problems: string[]): Map<string, string> {
  const known = new Set(Object.values(spec).flatMap((definition) => definition.flag ?? []));
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const match = /^--?([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (match === null) {
      problems.push(`unexpected argument '${arg}'`);
      continue;
    }
    const [, name = '', inline] = match;
    if (!known.has(name)) {
      problems.push(`unknown flag '${arg}' (known: ${[...known].map((flag) => `--${flag}`).join(', ') || 'none'})`);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) problems.push(`flag --${name} needs a value`);
    else flags.set(name, value);
  }
  return flags;
}

function settingNames(definition: Setting<unknown>): string {
  const names = [...definition.env];
  if (definition.flag !== undefined) names.push(`--${definition.flag}`);
  return names.join(' / ');
}

function usage(spec: ConfigSpec): string {
  const lines = Object.values(spec).map((definition) => {
    const fallback = 'default' in definition ? `default ${JSON.stringify(definition.default)}` : 'required';
    return `  ${settingNames(definition)}\n      ${definition.help} (${fallback})`;
  });
  return `Settings (environment variables, or flags where shown):\n${lines.join('\n')}`;
}

// Parsers for the common shapes. Each throws an Error whose message completes "NAME: ...".

export function asText(raw: string): string {
  return raw;
}

export function asInteger({ min, max }: { min: number; max: number }): (raw: string) => number {
  return (raw) => {
    if (!/^-?\d+$/.test(raw.trim())) throw new Error(`'${raw}' is not an integer`);
    const value = Number(raw);
    if (value < min || value > max) throw new Error(`${value} is outside ${min}..${max}`);
    return value;
  };
}

/** A TCP port; 0 asks the OS for a free one (tests, side-by-side instances). */
export const asPort = asInteger({ min: 0, max: 65_535 });

export function asDuration({ min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  return (raw: string): number => {
    const ms = parseDuration(raw);
    if (ms < min || ms > max) throw new Error(`'${raw}' is outside ${min} ms..${max} ms`);
    return ms;
  };
}

export function asOneOf<const T extends string>(choices: readonly T[]): (raw: string) => T {
  return (raw) => {
    const value = raw.trim().toLowerCase();
    // Choices may be declared in any case (`GET`, `info`); the declared spelling is what the config gets.
    const found = choices.find((choice) => choice.toLowerCase() === value);
    if (found === undefined) throw new Error(`'${raw}' is not one of ${choices.join(', ')}`);
    return found;
  };
}

/** Comma-separated, blanks dropped. */
export function asList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
