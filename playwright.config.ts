/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built
 * site served by our own server, as a visitor gets it. `npm test` builds first.
 */
import { defineConfig } from "@playwright/test";
import { DATA_DIR, SMTP_URL } from "./tests/e2e/helpers/e2e-env.ts";
import { playwrightBase } from "./tests/support/playwright-base.ts";
import { portFromEnv } from "./tests/support/processes.ts";

/**
 * The site server's port: E2E_PORT, or any free one. Checked once, in the runner: the
 * workers evaluate this file again and inherit the port, which the server holds by then.
 */
const E2E_PORT = portFromEnv("E2E_PORT", { checkFree: process.env.TEST_WORKER_INDEX === undefined });

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties it at start, and test-results/ also holds the unit report.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  // One a core: the browsers keep both cores busy, so more workers only share them,
  // finish no sooner, and push a test that opens several pages past its time limit.
  workers: 2,
  ...playwrightBase,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // A real SMTP server for the site's mail; the form tests read what it received.
  globalSetup: "./tests/e2e/global-setup.ts",
  use: { ...playwrightBase.use, baseURL: `http://127.0.0.1:${E2E_PORT}` },
  webServer: {
    command: "node server/index.ts",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      // Submissions in a fresh SQLite file (Playwright empties test-results first), never
      // a DATABASE_URL that happens to be set in the shell.
      DATA_DIR,
      DATABASE_URL: "",
      // Mail to the global setup's SMTP server, delivered as soon as a form is stored.
      SMTP_URL,
      // Tests fill forms faster than people and post more often than one network may.
      MIN_FILL_SECONDS: "0",
      // Test servers run side by side: none takes the fixed metrics port.
      METRICS_PORT: "0",
      RATE_LIMIT_MAX_POSTS: "100000",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
