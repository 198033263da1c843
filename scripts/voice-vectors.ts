// `bun run voice:vectors <subcommand> --flag value...`: interop vectors for other implementations to check against.
// Each subcommand prints one JSON object (lowercase hex) on stdout; any error goes to stderr with exit status 2.

import { parseArgs } from 'node:util';
import { deriveKeys, fingerprint, mnemonicToSeed, parseSeedHex, seedToHex } from '@keel/identity';
import { headerVector, rekeyVector, sealVector, sessionVector } from '@keel/voice';

/** One exit status for every failure (bad usage or bad input), so a caller can tell "refused" from "crashed". */
const EXIT_REFUSED = 2;

type Output = Readonly<Record<string, string>>;

interface Subcommand {
  readonly usage: string;
  /** The flags the subcommand takes; each is a required string. */
  readonly flags: readonly string[];
  run(flags: Readonly<Record<string, string>>): Promise<Output>;
}

class UsageError extends Error {}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  identity: {
    usage: 'identity --seed <64 hex>',
    flags: ['seed'],
    async run(flags) {
      const keys = await deriveKeys(parseSeedHex(flags.seed ?? ''));
      return {
        ed25519_public: hex(keys.ed25519.publicKey),
        x25519_public: hex(keys.x25519.publicKey),
        fingerprint: fingerprint(keys.ed25519.publicKey),
      };
    },
  },
  mnemonic: {
    usage: 'mnemonic --words "<24 words>"',
    flags: ['words'],
    async run(flags) {
      return { seed: seedToHex(mnemonicToSeed(flags.words ?? '')) };
    },
  },
  session: {
    usage: 'session --secret <own X25519 secret> --peer <peer X25519 public>',
    flags: ['secret', 'peer'],
    async run(flags) {
      return sessionVector({ secretHex: flags.secret ?? '', peerHex: flags.peer ?? '' });
    },
  },
  rekey: {
    usage: 'rekey --old-key <hex> --secret <hex> --peer <hex>',
    flags: ['old-key', 'secret', 'peer'],
    async run(flags) {
      return rekeyVector({
        oldKeyHex: flags['old-key'] ?? '',
        secretHex: flags.secret ?? '',
        peerHex: flags.peer ?? '',
      });
    },
  },
  header: {
    usage: `header --json '{"version":1,"repair":false,"codec":3,...}'`,
    flags: ['json'],
    async run(flags) {
      return headerVector(flags.json ?? '');
    },
  },
  seal: {
    usage: 'seal --key <hex> --seq <n> --direction <0|1> --header <hex> --payload <hex>',
    flags: ['key', 'seq', 'direction', 'header', 'payload'],
    async run(flags) {
      return sealVector({
        keyHex: flags.key ?? '',
        seq: decimal('seq', flags.seq ?? ''),
        direction: decimal('direction', flags.direction ?? ''),
        headerHex: flags.header ?? '',
        payloadHex: flags.payload ?? '',
      });
    },
  },
};

/** A non-negative decimal integer flag; anything else is a usage error, not a silent NaN. */
function decimal(flag: string, text: string): number {
  if (!/^\d{1,10}$/.test(text)) throw new UsageError(`--${flag} must be a non-negative integer, got "${text}"`);
  return Number(text);
}

function usage(): string {
  const lines = Object.values(SUBCOMMANDS).map((subcommand) => `  bun run voice:vectors ${subcommand.usage}`);
  return ['usage:', ...lines].join('\n');
}

/** Parses `--name value` flags strictly: unknown, missing or repeated-without-value flags are usage errors. */
function readFlags(name: string, subcommand: Subcommand, args: readonly string[]): Record<string, string> {
  const options = Object.fromEntries(subcommand.flags.map((flag) => [flag, { type: 'string' as const }]));
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const flags: Record<string, string> = {};
  for (const flag of subcommand.flags) {
    const value = values[flag];
    if (typeof value !== 'string') throw new UsageError(`${name}: --${flag} is required`);
    flags[flag] = value;
  }
  return flags;
}

async function main(argv: readonly string[]): Promise<Output> {
  const [name, ...args] = argv;
  const subcommand = name === undefined ? undefined : SUBCOMMANDS[name];
  if (name === undefined || subcommand === undefined) {
    throw new UsageError(name === undefined ? 'no subcommand given' : `unknown subcommand "${name}"`);
  }
  return subcommand.run(readFlags(name, subcommand, args));
}

const argv = process.argv.slice(2);
if (argv[0] === '--help' || argv[0] === '-h') {
  process.stdout.write(`${usage()}\n`);
} else {
  runCommand(argv);
}

function runCommand(argv: readonly string[]): void {
  main(argv).then(
    (output) => {
      process.stdout.write(`${JSON.stringify(output)}\n`);
    },
    (error: unknown) => {
      const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`voice:vectors: ${code}${message}\n`);
      if (error instanceof UsageError) process.stderr.write(`${usage()}\n`);
      process.exitCode = EXIT_REFUSED;
    },
  );
}
