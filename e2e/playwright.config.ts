// End-to-end journeys in headless Chromium against the built app (DESIGN.md §10). Run with `npm run test:e2e`.
// The global setup starts apps/server on a free port with a fresh PGlite data directory and the demo seed.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from './support/chromium.ts';

// Resolved once in the runner; workers inherit the variable and skip the lookup (and @sparticuz's unpacking).
process.env.CHROMIUM_PATH = await resolveChromium();
const isCI = !!process.env.CI;
// Each run writes into its own folder under test-results, so two runs in one checkout (two people, an editor's test
// runner) cannot wipe each other's traces mid-run. The global setup removes runs older than a day.
process.env.VOLANT_E2E_RUN ??= `${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: './specs',
  outputDir: `./test-results/${process.env.VOLANT_E2E_RUN}`,
  globalSetup: './global-setup.ts',
  // Generous: on a busy 2-core machine (server, two browsers and whatever else runs) a boot can take seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]] : [['list']],
  use: {
    // Set by the global setup before the workers start (each worker loads this file again).
    baseURL: process.env.VOLANT_E2E_URL,
    headless: true,
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    // Recording a trace (a screenshot stream and DOM snapshots of every action) cost ~40 % of the suite's CPU time when it
    // ran for every test to be kept only for failures. In CI a failing test is run again, and that run records it; a
    // local run (no retries) still keeps the trace of each failure.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // The installed app's service worker precaches the whole built app (~2.6 MB) in every new context; only the
    // journeys about it (installable-app, my-day) let it in: `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } }, testIgnore: /mobile\.spec\.ts/ },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: true },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
});
