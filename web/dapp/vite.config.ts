// Vite build of the dapp: served at the gateway root, so absolute asset URLs work from deep links too.

import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

export default defineConfig({
  plugins: [solid()],
  // The web app server serves this build at `/` and every `/dapp/...` path falls back to index.html.
  base: '/',
  build: {
    outDir: 'dist',
  },
});
