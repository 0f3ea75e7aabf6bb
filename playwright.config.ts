import fs from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Chromium against the production (standalone) build.
 *
 * `npm test` / `npm run test:e2e` (scripts/test.mjs) builds the app, makes a fresh database with
 * the demo content, starts the server on a free port and passes its address as E2E_BASE_URL.
 * Without E2E_BASE_URL the tests target a server you started yourself (`npm start`, port 3000).
 */
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Use a Playwright-installed Chromium when there is one, else Debian's (`apt-get install chromium`).
const executablePath =
  process.env.CHROMIUM_PATH ??
  (!hasPlaywrightChromium() && fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

function hasPlaywrightChromium(): boolean {
  try {
    return fs.existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/e2e-results.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: executablePath
            ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
            : [],
        },
      },
    },
  ],
});
