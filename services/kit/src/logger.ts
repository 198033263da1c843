// JSON-lines logger: one object per line, filtered by level.

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type Fields = Readonly<Record<string, unknown>>;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: Fields): Logger;
}

export interface LoggerOptions {
  readonly level: LogLevel;
  readonly fields?: Fields;
  readonly write?: (line: string) => void;
  readonly now?: () => number;
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = RANK[options.level];
  const write = options.write ?? writeToStdout;
  const now = options.now ?? Date.now;
  const base = options.fields ?? {};

  const emit = (level: LogLevel, msg: string, fields?: Fields) => {
    if (RANK[level] < threshold) return;
    const time = new Date(now()).toISOString();
    // time, level and msg lead each line and cannot be overwritten by a field of the same name.
    const line = { time, level, msg, ...base, ...fields };
    Object.assign(line, { time, level, msg });
    write(JSON.stringify(line, errorAware));
  };

  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  };
}

// Errors have no enumerable fields; log their name, message and stack instead of `{}`.
function errorAware(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return typeof value === 'bigint' ? value.toString() : value;
}

// Lines written in one event-loop turn go out in one write: under load that is one syscall for many requests
// instead of one each. The exit hook flushes what is left, so nothing logged before `process.exit` is lost.
let pending: string[] = [];
let flushScheduled = false;

function flushStdout(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}

process.on('exit', flushStdout);

function writeToStdout(line: string): void {
  pending.push(line);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushStdout);
  }
}
