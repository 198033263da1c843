import { describe, expect, test } from 'bun:test';
import {
  asDuration,
  asInteger,
  asList,
  asOneOf,
  asPort,
  asText,
  ConfigError,
  type ConfigSource,
  HelpRequested,
  loadConfig,
  type ParseContext,
  setting,
} from '../src/config.ts';

const spec = {
  port: setting({ env: ['SCHEDULER_PORT', 'PORT'], flag: 'port', help: 'HTTP port', parse: asPort, default: 8080 }),
  dataDir: setting({ env: ['DATA_DIR'], flag: 'data-dir', help: 'where the database lives', parse: asText }),
  logLevel: setting({ env: ['LOG_LEVEL'], help: 'log level', parse: asOneOf(['debug', 'info']), default: 'info' }),
};

const REQUIRED_ENV = { DATA_DIR: '/var/lib/scheduler' };

function load(env: ConfigSource['env'], argv: readonly string[] = []) {
  return loadConfig(spec, { env, argv });
}

/** The problems of the ConfigError `run` throws; fails the test if it throws anything else or nothing. */
function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  test('reads settings from the environment and uses defaults for unset optional ones', () => {
    expect(load({ DATA_DIR: '/data', LOG_LEVEL: 'debug' })).toEqual({
      port: 8080,
      dataDir: '/data',
      logLevel: 'debug',
    });
  });

  test('a required setting that is unset is a problem naming its variables, flag and help', () => {
    expect(problemsOf(() => load({}))).toEqual([
      'DATA_DIR / --data-dir: required but not set (where the database lives)',
    ]);
  });

  test('lists every problem at once in one ConfigError', () => {
    let thrown: unknown;
    try {
      load({ PORT: '99999', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.problems).toEqual([
      'PORT: 99999 is outside 0..65535',
      'DATA_DIR / --data-dir: required but not set (where the database lives)',
      "LOG_LEVEL: 'loud' is not one of debug, info",
    ]);
    expect(error.message).toBe(
      [
        'invalid configuration:',
        '  - PORT: 99999 is outside 0..65535',
        '  - DATA_DIR / --data-dir: required but not set (where the database lives)',
        "  - LOG_LEVEL: 'loud' is not one of debug, info",
      ].join('\n'),
    );
  });

  test.each([[['--port', '1']], [['--port=1']], [['-port', '1']], [['-port=1']]])('accepts the flag as %p', (argv) => {
    expect(load(REQUIRED_ENV, argv).port).toBe(1);
  });

  test('a flag beats the environment', () => {
    expect(load({ ...REQUIRED_ENV, SCHEDULER_PORT: '2', PORT: '3' }, ['--port', '1']).port).toBe(1);
  });

  test('a flag can give a required setting', () => {
    expect(load({}, ['--data-dir', '/from/flag']).dataDir).toBe('/from/flag');
  });

  test('a flag value may itself contain an equals sign', () => {
    expect(load({}, ['--data-dir=/a=b']).dataDir).toBe('/a=b');
  });

  test.each([
    ['the first listed variable wins over later ones', { SCHEDULER_PORT: '2', PORT: '3' }, 2],
    ['a later variable is used when the first is unset', { PORT: '3' }, 3],
    ['an empty variable counts as unset', { SCHEDULER_PORT: '', PORT: '3' }, 3],
    ['the default applies when every variable is empty', { SCHEDULER_PORT: '', PORT: '' }, 8080],
  ])('environment names: %s', (_name, env, port) => {
    expect(load({ ...REQUIRED_ENV, ...env }).port).toBe(port);
  });

  test('a problem names where the bad value came from', () => {
    expect(problemsOf(() => load({ ...REQUIRED_ENV, PORT: 'abc' }))).toEqual(["PORT: 'abc' is not an integer"]);
    expect(problemsOf(() => load({ ...REQUIRED_ENV, PORT: '1' }, ['--port', 'abc']))).toEqual([
      "--port: 'abc' is not an integer",
    ]);
  });

  test('an unknown flag is a problem that lists the known flags', () => {
    expect(problemsOf(() => load(REQUIRED_ENV, ['--prot', '1']))).toEqual([
      "unknown flag '--prot' (known: --port, --data-dir)",
      "unexpected argument '1'",
    ]);
  });

  test('a bare argument is a problem', () => {
    expect(problemsOf(() => load(REQUIRED_ENV, ['serve']))).toEqual(["unexpected argument 'serve'"]);
  });

  test('a flag at the end without a value is a problem', () => {
    expect(problemsOf(() => load(REQUIRED_ENV, ['--port']))).toEqual(['flag --port needs a value']);
  });

  test.each([['--help'], ['-h']])('%s throws HelpRequested with the usage text, before any validation', (flag) => {
    let thrown: unknown;
    try {
      load({ PORT: 'not a port' }, ['--bogus', flag]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HelpRequested);
    expect((thrown as HelpRequested).message).toBe(
      [
        'Settings (environment variables, or flags where shown):',
        '  SCHEDULER_PORT / PORT / --port',
        '      HTTP port (default 8080)',
        '  DATA_DIR / --data-dir',
        '      where the database lives (required)',
        '  LOG_LEVEL',
        '      log level (default "info")',
      ].join('\n'),
    );
  });

  test('parsers learn whether NODE_ENV is production', () => {
    const contextSpec = {
      production: setting({ env: ['PROBE'], help: 'probe', parse: (_raw: string, context: ParseContext) => context }),
    };
    const contextFor = (env: Record<string, string>) =>
      loadConfig(contextSpec, { env: { PROBE: 'x', ...env }, argv: [] }).production;
    expect([contextFor({ NODE_ENV: 'production' }), contextFor({ NODE_ENV: 'development' }), contextFor({})]).toEqual([
      { production: true },
      { production: false },
      { production: false },
    ]);
  });

  test('a parser that throws a non-Error still becomes a problem', () => {
    const throwingSpec = {
      odd: setting({
        env: ['ODD'],
        help: 'odd',
        parse: () => {
          throw 'plain string';
        },
      }),
    };
    expect(problemsOf(() => loadConfig(throwingSpec, { env: { ODD: 'x' }, argv: [] }))).toEqual(['ODD: plain string']);
  });
});

const development: ParseContext = { production: false };

type Parser = (raw: string, context: ParseContext) => unknown;

describe('setting parsers', () => {
  test.each<[string, Parser, string, unknown]>([
    ['asInteger', asInteger({ min: 1, max: 10 }), '1', 1],
    ['asInteger', asInteger({ min: 1, max: 10 }), '10', 10],
    ['asInteger', asInteger({ min: -5, max: 5 }), '-5', -5],
    ['asInteger', asInteger({ min: 1, max: 10 }), ' 7 ', 7],
    ['asPort', asPort, '0', 0],
    ['asPort', asPort, '65535', 65_535],
    ['asDuration', asDuration(), '1h30m', 5_400_000],
    ['asDuration', asDuration({ min: 1_000, max: 60_000 }), '1m', 60_000],
    ['asOneOf', asOneOf(['debug', 'info']), 'info', 'info'],
    ['asOneOf', asOneOf(['debug', 'info']), ' INFO ', 'info'],
    ['asOneOf', asOneOf(['GET', 'POST']), 'post', 'POST'],
    ['asText', asText, ' kept as is ', ' kept as is '],
  ])('%s reads %p', (_name, parse, raw, value) => {
    expect(parse(raw, development)).toBe(value);
  });

  test.each<[string, Parser, string, string]>([
    ['asInteger', asInteger({ min: 1, max: 10 }), 'abc', "'abc' is not an integer"],
    ['asInteger', asInteger({ min: 1, max: 10 }), '1.5', "'1.5' is not an integer"],
    ['asInteger', asInteger({ min: 1, max: 10 }), '1e3', "'1e3' is not an integer"],
    ['asInteger', asInteger({ min: 1, max: 10 }), '0x10', "'0x10' is not an integer"],
    ['asInteger', asInteger({ min: 1, max: 10 }), '', "'' is not an integer"],
    ['asInteger', asInteger({ min: 1, max: 10 }), '0', '0 is outside 1..10'],
    ['asInteger', asInteger({ min: 1, max: 10 }), '11', '11 is outside 1..10'],
    ['asPort', asPort, '-1', '-1 is outside 0..65535'],
    ['asPort', asPort, '65536', '65536 is outside 0..65535'],
    ['asPort', asPort, 'http', "'http' is not an integer"],
    ['asDuration', asDuration(), 'soon', "'soon' is not a duration"],
    ['asDuration', asDuration(), '30', "'30' is not a duration"],
    ['asDuration', asDuration({ min: 1_000, max: 60_000 }), '500ms', "'500ms' is outside 1000 ms..60000 ms"],
    ['asDuration', asDuration({ min: 1_000, max: 60_000 }), '2m', "'2m' is outside 1000 ms..60000 ms"],
    ['asOneOf', asOneOf(['debug', 'info']), 'loud', "'loud' is not one of debug, info"],
    ['asOneOf', asOneOf(['debug', 'info']), '', "'' is not one of debug, info"],
  ])('%s refuses %p: %s', (_name, parse, raw, message) => {
    expect(() => parse(raw, development)).toThrow(message);
  });

  test.each([
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ', ['a', 'b']],
    ['a,,b,', ['a', 'b']],
    ['single', ['single']],
    ['', []],
    [' , ', []],
  ])('asList splits %p into %p', (raw, items) => {
    expect(asList(raw)).toEqual(items);
  });
});
