import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
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
