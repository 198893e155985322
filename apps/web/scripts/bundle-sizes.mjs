// Prints the JavaScript a browser loads for the sign-in page and for the home page, gzip-compressed,
// beside the goal (docs/benchmarks.md). Run after `vite build` (the web `build` script does); the
// server bench calls `bundleSizes` and `formatBundleSizes`. It measures and asserts nothing: over
// the goal it says so and still exits 0.
//   node scripts/bundle-sizes.mjs [dist]      (default apps/web/dist)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The server sends the build's own `.gz` files, written at this level (vite.config.ts). */
const GZIP_LEVEL = zlib.constants.Z_BEST_COMPRESSION;

/**
 * The pages measured: index.html's entry with everything it imports, plus the lazy route modules
 * the page loads (keys of the Vite manifest, as in src/app/router.tsx) with their imports. A route
 * module that is no chunk of its own any more is an error: this list must follow the router.
 * @type {readonly { name: string; goalBytes: number | null; routes: readonly string[] }[]}
 */
export const PAGES = [
  { name: 'Sign-in page (/login)', goalBytes: 150_000, routes: ['src/features/auth/components/login-screen.tsx'] },
  {
    name: 'Home page (/, signed in)',
    goalBytes: null,
    // With the shell come the screens' routes (src/app/router.tsx) and the toasts and dialogs, which
    // it mounts at once (src/app/overlays.tsx).
    routes: [
      'src/app/layout/app-layout.tsx',
      'src/app/screen-routes.ts',
      'src/app/overlays-host.tsx',
      'src/app/home-screen.tsx',
    ],
  },
];

/**
 * @typedef {{ file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }} ManifestChunk
 * @typedef {{ files: number; bytes: number; gzip: number }} Total
 * @typedef {{ name: string; goalBytes: number | null; js: Total; css: Total; files: string[] }} PageSize
 */

/**
 * The gzip sizes of each page's scripts and styles in a build (its `.vite/manifest.json`).
 * @param {{ dist?: string; pages?: typeof PAGES }} [options]
 * @returns {Promise<PageSize[]>}
 */
export async function bundleSizes({ dist = path.join(webRoot, 'dist'), pages = PAGES } = {}) {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(
    await fs.readFile(manifestFile, 'utf8').catch(() => {
      throw new Error(`${manifestFile} is missing: build the web app first (npm run build)`);
    }),
  );
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${manifestFile} names no entry chunk`);

  /** @type {Map<string, { bytes: number; gzip: number }>} */
  const sizes = new Map();
  const sizeOf = async (/** @type {string} */ file) => {
    let size = sizes.get(file);
    if (!size) {
      const data = await fs.readFile(path.join(dist, file));
      size = { bytes: data.length, gzip: zlib.gzipSync(data, { level: GZIP_LEVEL }).length };
      sizes.set(file, size);
    }
    return size;
  };

  const result = [];
  for (const page of pages) {
    /** @type {Set<string>} */
    const files = new Set();
    /** @type {Set<string>} */
    const seen = new Set();
    // What Vite loads for a chunk: its static imports (preloaded together) and their styles.
    const add = (/** @type {string} */ key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is no chunk of this build: update PAGES in scripts/bundle-sizes.mjs`);
      if (seen.has(key)) return;
      seen.add(key);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) add(imported);
    };
    add(entry);
    for (const route of page.routes) add(route);

    const js = { files: 0, bytes: 0, gzip: 0 };
    const css = { files: 0, bytes: 0, gzip: 0 };
    for (const file of files) {
      const total = file.endsWith('.css') ? css : js;
      const size = await sizeOf(file);
      total.files += 1;
      total.bytes += size.bytes;
      total.gzip += size.gzip;
    }
    result.push({ name: page.name, goalBytes: page.goalBytes, js, css, files: [...files].sort() });
  }
  return result;
}

const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * One line per page: the gzip size of its JavaScript beside the goal, then its styles for context.
 * @param {PageSize[]} pages
 */
export function formatBundleSizes(pages) {
  const lines = [`Web bundle (gzip -${GZIP_LEVEL}; KiB = 1024 bytes, KB = 1000 bytes):`];
  for (const { name, goalBytes, js, css } of pages) {
    const goal =
      goalBytes === null
        ? 'goal: none'
        : `goal ≤ ${goalBytes / 1000} KB (${kib(goalBytes)}): ${js.gzip <= goalBytes ? 'met' : `OVER by ${kib(js.gzip - goalBytes)}`}`;
    lines.push(
      `  ${name.padEnd(26)} JS ${kib(js.gzip).padStart(10)} gzip in ${String(js.files).padStart(2)} files ` +
        `(${kib(js.bytes)} uncompressed)   ${goal}`,
      `  ${''.padEnd(26)} CSS ${kib(css.gzip).padStart(9)} gzip in ${String(css.files).padStart(2)} files (not counted)`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  // A measurement that cannot be made is said, and the build it follows still succeeds.
  try {
    console.log(formatBundleSizes(await bundleSizes({ dist })));
  } catch (error) {
    console.error(`Web bundle sizes not measured: ${error instanceof Error ? error.message : String(error)}`);
  }
}
