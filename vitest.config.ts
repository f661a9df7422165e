import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API suite. A file's own work is small next to the cost of a fresh worker (importing the server's module graph
 * and opening PGlite from the snapshot: ~4 s each, ~80 files), so the files run without isolation: a worker imports
 * once and keeps one test database (harness.ts's getTestApp) for every file it runs: a copy of the PGlite snapshot, or
 * on PostgreSQL a copy of the run's template database (testing/database.ts). Each test makes its own school. The pglite suite took ~860 s isolated and ~230 s
 * shared on this machine (closing note of stop 26).
 */
const api = {
  include: ['apps/server/src/**/*.int.test.ts'],
  globalSetup: ['apps/server/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // As the end-to-end suite: one retry in CI.
  retry: process.env.CI ? 1 : 0,
  pool: 'forks' as const,
};

/**
 * Files that replace a module (vi.mock) or the shared test app's clock: they would leak into the next file of their
 * worker, so each runs in a fresh one (`api-isolated`). A new file that mocks a module or sets app.deps goes here.
 */
const ISOLATED = [
  'apps/server/src/features/calendar-feed/calendar-feed.http.int.test.ts',
  'apps/server/src/features/driving-lessons-record/driving-lessons-record.race.int.test.ts',
  'apps/server/src/trpc/errors.int.test.ts',
];

/**
 * Files that measure latency under load (/healthz p99 while a client floods the instance): with the shared workers
 * always busy, a file beside them measured the neighbour's CPU, not the server's. They run after everything else, one at
 * a time (`api-timed`: its group runs second, without file parallelism).
 */
const TIMED = [
  'apps/server/src/transport-stall.int.test.ts',
  'apps/server/src/db-responsiveness.int.test.ts',
  'apps/server/src/http-limits.int.test.ts',
  // The files whose job workers run on a test clock (testing/job-workers.ts), which measure when a job ran.
  'apps/server/src/features/reminders/reminders.int.test.ts',
  'apps/server/src/features/instalment/payment-reminders.int.test.ts',
  'apps/server/src/features/deadline/deadline-sweep.int.test.ts',
];

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
      { test: { ...api, name: 'api', exclude: [...ISOLATED, ...TIMED, '**/node_modules/**'], isolate: false } },
      { test: { ...api, name: 'api-isolated', include: ISOLATED } },
      { test: { ...api, name: 'api-timed', include: TIMED, sequence: { groupOrder: 1 }, fileParallelism: false } },
    ],
  },
});
