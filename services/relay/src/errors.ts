// The relay's error catalogue: failures at start-up (command line, config file, identity file), each with a code.

/**
 * Base of every relay error, with a stable machine `code`. These stop the daemon before it serves anything, so
 * they carry no HTTP status (unlike the kit's AppError): the entry point prints the message and exits.
 */
export class RelayError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A command-line word that is not one of the relay's flags (seed: "unknown argument"). */
export class UnknownArgumentError extends RelayError {
  readonly argument: string;

  constructor(argument: string) {
    super('unknown_argument', `unknown argument '${argument}' (voice-relay --help lists the flags)`);
    this.argument = argument;
  }
}

/** A flag that takes a value was given without one. */
export class MissingValueError extends RelayError {
  readonly flag: string;

  constructor(flag: string, placeholder: string) {
    super('missing_value', `${flag} needs a value: ${flag} ${placeholder}`);
    this.flag = flag;
  }
}

/** A switch (a flag without a value) was given one with `--flag=value`. */
export class UnexpectedValueError extends RelayError {
  readonly flag: string;

  constructor(flag: string, argument: string) {
    super('unexpected_value', `${flag} takes no value, got '${argument}'`);
    this.flag = flag;
  }
}

/** The `--config` file cannot be read, is not TOML, or has invalid fields (seed: "failed to load config"). */
export class ConfigLoadError extends RelayError {
  readonly path: string;
  /** Each problem starts with the culprit: a TOML field path (`peers[0].fingerprint`) or `line N`. */
  readonly problems: readonly string[];

  constructor(path: string, problems: readonly string[], options?: { cause?: unknown }) {
    const detail = problems.length === 1 ? ` ${problems[0]}` : `\n${problems.map((p) => `  - ${p}`).join('\n')}`;
    super('config_load_failed', `failed to load config '${path}':${detail}`, options);
    this.path = path;
    this.problems = problems;
  }
}

/** The relay identity file exists but cannot be read or written (a corrupt one is replaced, not reported). */
export class RelayIdentityError extends RelayError {
  readonly path: string;

  constructor(path: string, message: string, options?: { cause?: unknown }) {
    super('relay_identity_unavailable', `relay identity file '${path}': ${message}`, options);
    this.path = path;
  }
}
