import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // Vitest runs one worker fewer than the machine has cores: on 2 cores one at a time, which leaves a
    // core idle whenever a test file waits for PostgreSQL, a server process or a timer. Two at least:
    // on 2 cores the server suite took 395 → 250 s and the unit tests 83 → 48 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
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
