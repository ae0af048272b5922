/**
 * How every browser in this repository is launched: Debian's Chromium (never a browser
 * that Playwright or Lighthouse would download), headless, with the flags a closed
 * network needs. Used by both Playwright configs, `npm run screenshots`, the Lighthouse
 * runs of `npm run bench:web` and the prerequisite check of `npm test`.
 */
import type { LaunchOptions } from "@playwright/test";

/** CHROMIUM_PATH, default Debian's package (`apt-get install chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** This machine's network is closed: without these Chromium keeps trying to reach Google. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** For Playwright (`use.launchOptions`, `chromium.launch`). */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
};

/** For chrome-launcher (Lighthouse), which starts the binary itself and needs headless as a flag. */
export const chromeLauncherFlags = ["--headless=new", ...CHROMIUM_FLAGS];
