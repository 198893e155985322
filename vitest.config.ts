import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // Every core. Vitest 4.1 runs at most cores − 1 test files at once by default (its docs say every
    // core), which is one at a time on a 2-core machine; with two, the server suite took 422 s instead
    // of 594 and the unit suite 62 s instead of 90 (many files wait on timers, a server or a fork).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'player', root: './apps/player', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // One migrated PGlite database, dumped; each test file's PGlite starts from it.
          globalSetup: ['./test/helpers/pglite-template.ts'],
          // Each test file opens its own database: a PGlite in memory, or a schema of its own on PostgreSQL.
          pool: 'forks',
          fileParallelism: true,
        },
      },
      ...webProjects,
    ],
  },
});
