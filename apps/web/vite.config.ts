/// <reference types="node" />
// Vite build of the SPA. The version baked in here must equal the server's `x-imm-version`.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from '../../scripts/version.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const version = process.env.APP_VERSION ?? buildVersion();

export default defineConfig({
  root,
  plugins: [
    react(),
    {
      // The server reads dist/version.json and sends that version, so a server always agrees with
      // the bundle it serves, and a page loaded from an older bundle sees the mismatch.
      name: 'marquee-version',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
      },
    },
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // The server writes each page's style nonce over this placeholder (CSP_NONCE_PLACEHOLDER in
  // apps/server/src/http/security-headers.ts); Vite puts it on its tags and in a csp-nonce meta tag.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Content-hashed names: a deploy never mixes chunks of two versions.
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // zod with src/lib/zod-jitless.ts in one chunk: every chunk that builds schemas imports it, so
        // zod is set to jitless before any schema exists (its eval probe would break the CSP).
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]zod-jitless\.ts$/ }] },
      },
    },
  },
});
