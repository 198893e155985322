/// <reference types="node" />
// The player's service worker, built apart from the page into dist/sw.js as one classic script: the
// browsers of signage displays may not run module service workers, and it must share no chunk with
// the page (it imports media.ts, as the page does).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: path.join(root, 'src/sw.ts'), formats: ['iife'], name: 'marqueeSw', fileName: () => 'sw.js' },
  },
});
