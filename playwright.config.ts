/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built
 * site served by our own server, as a visitor gets it. `npm test` builds first.
 */
import { defineConfig } from "@playwright/test";
import { DATA_DIR, SMTP_URL } from "./tests/e2e/helpers/e2e-env.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties it at start, and test-results/ also holds the unit report.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // A real SMTP server for the site's mail; the form tests read what it received.
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // This machine's network is closed: without these Chromium keeps trying to reach Google.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
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
      RATE_LIMIT_MAX_POSTS: "100000",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
