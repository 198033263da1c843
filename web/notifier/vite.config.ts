// Vite build of the notifier UI: relative asset URLs (served at `/` or under a prefix), assets under `static/`.

import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

export default defineConfig({
  plugins: [solid()],
  // Relative URLs so the same build works at `/`, behind the gateway at `/notifier/`, and from deep links `/<topic>`.
  base: './',
  build: {
    outDir: 'dist',
    // ntfy reserves the topic name `static`, so asset paths never collide with a topic.
    assetsDir: 'static',
  },
});
