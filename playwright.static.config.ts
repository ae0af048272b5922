/**
 * Browser tests of the static build (decision 0006) in Debian's Chromium, launched as
 * everywhere else (tests/support/playwright-base.ts; never a downloaded browser). The test build
 * (STATIC_DIR of tests/support/static-env.ts, pointed at local stand-ins for EmailJS
 * and Firebase Storage) is served by Debian's nginx with the shipped
 * deploy/static-host/nginx.conf, as a company without a server of its own would run it.
 * `npm test` builds it first; by hand:
 *
 *   npx playwright test -c playwright.static.config.ts
 *
 * One worker: the stand-ins listen on the fixed ports the build was made for.
 */
import { defineConfig } from "@playwright/test";
import { STATIC_ORIGIN } from "./tests/support/static-env.ts";
import { playwrightBase } from "./tests/support/playwright-base.ts";

export default defineConfig({
  testDir: "tests/e2e-static",
  // Screenshots for people to look at, not a test: only when asked (see the file).
  testIgnore: process.env.E2E_STATIC_SCREENSHOTS === "1" ? [] : ["**/screenshots.spec.ts"],
  // Its own folder: Playwright empties it at start, and test-results/ holds the other reports.
  outputDir: "test-results/playwright-static",
  fullyParallel: false,
  workers: 1,
  ...playwrightBase,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-static.json" }]],
  use: { ...playwrightBase.use, baseURL: STATIC_ORIGIN },
  webServer: {
    command: "node tests/e2e-static/serve-with-nginx.ts",
    url: `${STATIC_ORIGIN}/`,
    reuseExistingServer: false,
    timeout: 30_000,
    // serve-with-nginx.ts stops its nginx on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
