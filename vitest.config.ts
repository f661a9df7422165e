import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
