// sodium: the initialised libsodium instance; the module waits for the WASM once so every caller stays synchronous.

import sodium from 'libsodium-wrappers';

await sodium.ready;

export { sodium };
