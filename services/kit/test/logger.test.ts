import { describe, expect, test } from 'bun:test';
import { createLogger, type LogLevel } from '../src/logger.ts';

const EPOCH = Date.parse('2024-05-01T12:00:00.000Z');

function collectingLogger(level: LogLevel, fields?: Record<string, unknown>) {
  const lines: string[] = [];
  const logger = createLogger({ level, fields, write: (line) => lines.push(line), now: () => EPOCH });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
}

function logAtEveryLevel(level: LogLevel): string[] {
  const { logger, records } = collectingLogger(level);
  logger.debug('d');
  logger.info('i');
  logger.warn('w');
  logger.error('e');
  return records().map((record) => String(record.level));
}

describe('createLogger', () => {
  test.each<[LogLevel, string[]]>([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ])('at level %s writes only lines at %p', (level, written) => {
    expect(logAtEveryLevel(level)).toEqual(written);
  });

  test('writes one JSON object per line with time, level, message and fields', () => {
    const { logger, lines } = collectingLogger('info');
    logger.info('task stored', { id: 't1', attempts: 0 });
    expect(lines).toEqual([
      JSON.stringify({ time: '2024-05-01T12:00:00.000Z', level: 'info', msg: 'task stored', id: 't1', attempts: 0 }),
    ]);
  });

  test('a child adds its fields to every line, after the parent fields and before the call fields', () => {
    const { logger, records } = collectingLogger('info', { service: 'scheduler' });
    const child = logger.child({ component: 'dispatcher' });
    child.warn('retrying', { attempt: 2 });
    logger.info('parent line');
    expect(records()).toEqual([
      {
        time: '2024-05-01T12:00:00.000Z',
        level: 'warn',
        service: 'scheduler',
        component: 'dispatcher',
        msg: 'retrying',
        attempt: 2,
      },
      { time: '2024-05-01T12:00:00.000Z', level: 'info', service: 'scheduler', msg: 'parent line' },
    ]);
  });

  test('a child keeps the level of its parent', () => {
    const { logger, records } = collectingLogger('warn');
    const child = logger.child({ component: 'x' });
    child.info('hidden');
    child.error('shown');
    expect(records().map((record) => record.msg)).toEqual(['shown']);
  });

  test('serialises an Error field with its name, message and stack instead of {}', () => {
    const { logger, records } = collectingLogger('error');
    const error = new TypeError('bad input');
    logger.error('request failed', { error });
    expect(records()[0]?.error).toEqual({ name: 'TypeError', message: 'bad input', stack: error.stack });
  });

  test('serialises a bigint field as its decimal text', () => {
    const { logger, records } = collectingLogger('info');
    logger.info('counted', { total: 12345678901234567890n });
    expect(records()[0]?.total).toBe('12345678901234567890');
  });
});
