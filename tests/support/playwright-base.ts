/**
 * What both Playwright configs (playwright.config.ts, playwright.static.config.ts) share:
 * no retries, the same time limits, and Debian's Chromium at 1280×800 without traces.
 */
import type { PlaywrightTestConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.ts";

export const playwrightBase = {
  retries: 0,
  // A test that opens several pages runs longer on a slower machine: the limit catches a
  // hang, not a slow machine (a passing run takes far less).
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    trace: "off",
  },
} satisfies PlaywrightTestConfig;
