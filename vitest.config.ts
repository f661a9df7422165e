import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core to itself (cores − 1: a single file at a time on CI's two
    // cores), but an API file is either busy in its database (PGlite's thread, or the PostgreSQL server) or in its own
    // thread, never both: two files side by side took half the time of one after the other, for the same CPU time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the end-to-end suite: one retry in CI. On PostgreSQL every test file shares one database, and a server a
          // test starts drains the shared mail outbox at start, now and then taking another file's mail (closing note).
          retry: process.env.CI ? 1 : 0,
          pool: 'forks',
        },
      },
    ],
  },
});
