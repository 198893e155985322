// The web's vitest projects: component and api-client tests in jsdom. Test files share their worker's
// modules and jsdom (isolate: false: a fresh module graph and jsdom per file took two thirds of the
// suite's time), except those that need their modules fresh: the lazily mounted overlays and toasts
// keep in modules whether they were mounted yet, which is what those tests look at.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/** Test files that need their modules fresh (their own worker state). */
const FRESH_MODULES = [
  'src/app/overlays.test.tsx',
  'src/app/overlays-toast.test.tsx',
  'src/lib/notifications.test.tsx',
];

const project = (name: string, test: TestProjectInlineConfiguration['test']) =>
  defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify('test-version') },
    // 20 s per test, not 5: on a loaded 2-core machine a form test with many keystrokes can pass 5 s,
    // and a test stopped at its timeout keeps rendering into the jsdom the next files share, failing
    // them too. A real failure still ends sooner, at its first `findBy` (1 s).
    test: {
      name,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      testTimeout: 20_000,
      ...test,
    },
  });

export const webProjects = [
  project('web', {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...FRESH_MODULES],
    isolate: false,
  }),
  project('web-fresh', { include: FRESH_MODULES }),
];
