import { dlopen, type FFIFunction, type Library } from 'bun:ffi';

/**
 * Opens the first shared library in `what.names` that dlopen accepts.
 * Distros ship different sonames (versioned on Linux, .dylib on macOS), so we try each in order.
 */
export function loadLibrary<Fns extends Record<string, FFIFunction>>(
  what: { debianPackage: string; names: readonly string[] },
  symbols: Fns,
): Library<Fns> {
  const failures: string[] = [];
  for (const name of what.names) {
    try {
      return dlopen(name, symbols);
    } catch (err) {
      failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  throw new Error(
    `Could not load native library (tried ${what.names.join(', ')}). ` +
      `Install the Debian package "${what.debianPackage}" (run scripts/setup).\n${failures.join('\n')}`,
  );
}
