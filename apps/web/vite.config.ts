/// <reference types="node" />
// Vite build of the SPA. The version baked in here must equal the server's `x-imm-version`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Logger, type Plugin, type Rollup } from 'vite';
import { buildVersion } from '../../scripts/version.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const version = process.env.APP_VERSION ?? buildVersion();

/** Files the server sends precompressed (apps/server/src/app.ts, `preCompressed`). Not index.html: the
 * server writes each response's nonce into it, and compresses it then. Not source maps: they are big
 * and rarely fetched, and then compressed on the fly. */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json|txt)$/;
/** As the server's COMPRESSION_THRESHOLD_BYTES: smaller files are not worth it. */
const PRECOMPRESS_MIN_BYTES = 1024;
/** The screen the sign-in page loads lazily (apps/web/src/app/router.tsx). */
const LOGIN_SCREEN = /[\\/]features[\\/]auth[\\/]components[\\/]login-screen\.tsx$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
type Sizes = { raw: number; br: number; gz: number };

/**
 * Writes `x.js.br` and `x.js.gz` beside each asset at the highest levels (once per build, so the
 * server spends no CPU on them), then prints what the sign-in page transfers as served.
 */
function precompress(): Plugin {
  let logger: Logger | undefined;
  let report: string | undefined;
  return {
    name: 'marquee-precompress',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const sizes = new Map<string, Sizes>();
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => PRECOMPRESSED.test(file))
          .map(async (file) => {
            const data = await fs.readFile(path.join(dir, file));
            if (data.length < PRECOMPRESS_MIN_BYTES)
              return sizes.set(file, { raw: data.length, br: data.length, gz: data.length });
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
            sizes.set(file, { raw: data.length, br: br.length, gz: gz.length });
          }),
      );
      const page = bundle['index.html'];
      if (page?.type === 'asset') report = signInReport(signInFiles(String(page.source), bundle), sizes);
    },
    // After Vite's list of files, so it is the last thing the build prints.
    closeBundle() {
      if (report) logger?.info(report);
    },
  };
}

/** The scripts and styles of the sign-in page: those index.html loads and preloads, and the login
 * screen's chunk with what it imports (as the router loads it on /login). */
function signInFiles(html: string, bundle: Rollup.OutputBundle): Set<string> {
  const files = new Set<string>();
  for (const [, url] of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+)"/g)) if (url) files.add(url);
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const add = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(chunks.find((c) => c.fileName === imported));
  };
  // The entry's own imports are preloaded by index.html already; this adds the lazy screen.
  add(chunks.find((c) => c.facadeModuleId !== null && LOGIN_SCREEN.test(c.facadeModuleId)));
  return files;
}

function signInReport(files: Set<string>, sizes: Map<string, Sizes>): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const lines = ['Sign-in page transfer (as served: brotli | gzip | uncompressed):'];
  for (const [kind, pattern] of [
    ['JS', /\.m?js$/],
    ['CSS', /\.css$/],
  ] as const) {
    const total = { raw: 0, br: 0, gz: 0, files: 0 };
    for (const file of files) {
      const size = sizes.get(file);
      if (!pattern.test(file) || !size) continue;
      total.raw += size.raw;
      total.br += size.br;
      total.gz += size.gz;
      total.files += 1;
    }
    lines.push(`  ${kind.padEnd(3)} ${total.files} files: ${kib(total.br)} | ${kib(total.gz)} | ${kib(total.raw)}`);
  }
  return lines.join('\n');
}

export default defineConfig({
  root,
  plugins: [
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
