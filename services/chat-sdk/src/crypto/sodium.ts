// sodium: the initialised libsodium instance; the module awaits the WebAssembly once so every caller stays synchronous.

import sodium from 'libsodium-wrappers';

await sodium.ready;

export { sodium };
