import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';
import { IMAGE_BUILD_DIR } from './scripts/lib/build.mjs';
import { CHROMIUM } from './test-support/required-programs.mjs';

/**
 * End-to-end tests in Chromium against the production (standalone) build.
 *
 * The `webServer` (scripts/test/e2e-server.mjs) loads the demo content into DATABASE_URL, builds
 * the app when its sources changed and starts the standalone server on E2E_PORT. `npm test` /
 * `npm run test:e2e` hand it a fresh database and a free port; by hand:
 * `DATABASE_URL=… npx playwright test e2e/x.spec.ts`. With E2E_BASE_URL set, the tests target
 * that server instead (one you started yourself, e.g. `npm start` on http://127.0.0.1:3000).
 */
const externalServer = process.env.E2E_BASE_URL || undefined;
// Chosen here, in the runner, before the workers start: they inherit them with the environment.
if (!externalServer) {
  process.env.E2E_PORT ||= String(20_000 + Math.floor(Math.random() * 20_000));
  process.env.AUTH_SECRET ||= randomBytes(48).toString('base64url');
}
// The build the server runs, for the tests that read its manifests: the webServer's image-like
// build (scripts/lib/build.mjs), or `npm start`'s for a server of your own.
process.env.E2E_DIST_DIR ||= externalServer ? path.resolve('.next') : IMAGE_BUILD_DIR;
const baseURL = externalServer ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

// Use a Playwright-installed Chromium when there is one, else Debian's (test-support/required-programs.mjs).
const executablePath =
  process.env.CHROMIUM_PATH ?? (!hasPlaywrightChromium() && fs.existsSync(CHROMIUM.command) ? CHROMIUM.command : undefined);

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
  webServer: externalServer
    ? undefined
    : {
        command: 'node scripts/test/e2e-server.mjs',
        url: `${baseURL}/api/health`,
        // Includes a production build when the sources changed (minutes on a busy machine).
        timeout: 15 * 60_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      },
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
