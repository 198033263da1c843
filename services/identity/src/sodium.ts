// The one place libsodium is loaded: its WebAssembly must finish instantiating before any call.

import sodium from 'libsodium-wrappers';

export type Sodium = typeof sodium;

/** Resolves to the ready libsodium; cheap after the first call (the same settled promise). */
export async function loadSodium(): Promise<Sodium> {
  await sodium.ready;
  return sodium;
}
