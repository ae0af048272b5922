/**
 * Playwright's `test` with one change: a worker keeps its browser tab between tests
 * instead of opening a new one for each. Opening a tab is most of what a short test costs
 * in Chromium (a renderer process started and set up: about half a CPU-second, against a
 * tenth for loading a page in a tab that has one), and the suite is bound by the CPU.
 *
 * Each test still starts as in a new tab: at its viewport, without cookies, with the HTTP
 * cache emptied, and on a blank page of its own. A tab whose state a test changed in a
 * way that cannot be undone (a script added to every page, a route, emulated media,
 * another page opened) or whose test failed is closed afterwards, and the next test opens
 * a new one. Tests with other context options (no JavaScript, reduced motion) get a tab of
 * their own kind.
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

interface KeptTab {
  context: BrowserContext;
  page: Page;
  /** The test changed the tab in a way the reset cannot undo. */
  changed: boolean;
}

/** Methods after which a tab is not reused: what they leave behind cannot be taken back. */
const PAGE_CHANGES = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "route",
  "routeFromHAR",
  "emulateMedia",
] as const;
const CONTEXT_CHANGES = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "route",
  "routeFromHAR",
  "grantPermissions",
  "setOffline",
  "setExtraHTTPHeaders",
  "setGeolocation",
  "newPage",
] as const;

/** Marks the tab as changed when the test calls one of `names` on `target`. */
function watch(tab: KeptTab, target: object, names: readonly string[]): void {
  for (const name of names) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== "function") continue;
    Object.defineProperty(target, name, {
      configurable: true,
      value(this: unknown, ...args: unknown[]) {
        tab.changed = true;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
}

export const test = base.extend<{ keptTab: KeptTab }, { tabs: Map<string, KeptTab> }>({
  tabs: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const tabs = new Map<string, KeptTab>();
      await provide(tabs);
      for (const tab of tabs.values()) await tab.context.close();
    },
    { scope: "worker" },
  ],
  keptTab: async (
    {
      browser,
      tabs,
      viewport,
      baseURL,
      javaScriptEnabled,
      reducedMotion,
      colorScheme,
      forcedColors,
      hasTouch,
      isMobile,
      deviceScaleFactor,
      locale,
      timezoneId,
      userAgent,
      offline,
      permissions,
      extraHTTPHeaders,
      bypassCSP,
      serviceWorkers,
      contextOptions,
    },
    provide,
    testInfo,
  ) => {
    // Every context option a test can set, but the viewport, which a tab changes at once.
    const options = {
      ...contextOptions,
      ...{ baseURL, javaScriptEnabled, reducedMotion, colorScheme, forcedColors, hasTouch, isMobile },
      ...{ deviceScaleFactor, locale, timezoneId, userAgent, offline, permissions, extraHTTPHeaders },
      ...{ bypassCSP, serviceWorkers },
    };
    const key = JSON.stringify(options);
    let tab = tabs.get(key);
    if (!tab) {
      const context = await browser.newContext({ ...options, viewport });
      tab = { context, page: await context.newPage(), changed: false };
      watch(tab, tab.page, PAGE_CHANGES);
      watch(tab, tab.page.clock, ["install", "setFixedTime", "setSystemTime", "pauseAt"]);
      watch(tab, tab.context, CONTEXT_CHANGES);
      tabs.set(key, tab);
    } else if (viewport) {
      await tab.page.setViewportSize(viewport);
    }
    await provide(tab);
    const reusable =
      !tab.changed &&
      testInfo.status === testInfo.expectedStatus &&
      !tab.page.isClosed() &&
      tab.context.pages().length === 1;
    if (!reusable) {
      tabs.delete(key);
      await tab.context.close().catch(() => {});
      return;
    }
    // As a new tab would be: a blank page, the pointer at its corner hovering nothing, no
    // cookies, nothing in the HTTP cache (the next page's every file is fetched again).
    await tab.page.goto("about:blank");
    await tab.page.mouse.move(0, 0);
    await tab.context.clearCookies();
    const cdp = await tab.context.newCDPSession(tab.page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
    tab.page.removeAllListeners();
  },
  context: async ({ keptTab }, provide) => provide(keptTab.context),
  page: async ({ keptTab }, provide) => provide(keptTab.page),
});
