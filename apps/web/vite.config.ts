/// <reference types="node" />
// Vite build of the SPA. The version baked in here must equal the server's `x-imm-version`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildVersion } from '../../scripts/version.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const version = process.env.APP_VERSION ?? buildVersion();

/** Files the server sends precompressed (apps/server/src/app.ts, `preCompressed`). Not index.html: the
 * server writes each response's nonce into it, and compresses it then. Not source maps: they are big
 * and rarely fetched, and then compressed on the fly. */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json|txt)$/;
/** As the server's COMPRESSION_THRESHOLD_BYTES: smaller files are not worth it. */
const PRECOMPRESS_MIN_BYTES = 1024;
/** Vite's own files (the manifest), which the server never sends to a browser's page. */
const VITE_FILES = /^\.vite\//;

/** Stands in for zod everywhere (src/lib/zod-jitless.ts); the one import of zod itself is its own. */
const ZOD_JITLESS = path.join(root, 'src', 'lib', 'zod-jitless.ts');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `x.js.br` and `x.js.gz` beside each asset at the highest levels (once per build, so the
 * server spends no CPU on them). What the pages load is printed by scripts/bundle-sizes.mjs, after
 * the build.
 */
function precompress(): Plugin {
  return {
    name: 'marquee-precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => PRECOMPRESSED.test(file) && !VITE_FILES.test(file))
          .map(async (file) => {
            const data = await fs.readFile(path.join(dir, file));
            if (data.length < PRECOMPRESS_MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([
              fs.writeFile(path.join(dir, `${file}.br`), br),
              fs.writeFile(path.join(dir, `${file}.gz`), gz),
            ]);
          }),
      );
    },
  };
}

/**
 * Every `import … from 'zod'` (the web's and the contracts') gets src/lib/zod-jitless.ts, which sets
 * zod to jitless and re-exports it: zod's eval probe would break the CSP, and a schema decides at
 * creation. So zod is configured before any schema exists in whichever chunk builds the first one,
 * and zod stays out of the pages that build none (the sign-in page), rather than being imported by
 * main.tsx first.
 */
function zodJitless(): Plugin {
  return {
    name: 'marquee-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer?.split('?')[0] !== ZOD_JITLESS) return ZOD_JITLESS;
      return null;
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    zodJitless(),
    react(),
    precompress(),
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
    // dist/.vite/manifest.json: the chunks and what each imports, which scripts/bundle-sizes.mjs
    // follows to measure each page.
    manifest: true,
    rollupOptions: {
      output: {
        // Content-hashed names: a deploy never mixes chunks of two versions.
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // zod with src/lib/zod-jitless.ts, through which everything imports it (zodJitless), in one
        // chunk: the screens that build schemas load it, the sign-in page does not.
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]zod-jitless\.ts$/ }] },
      },
    },
  },
});
