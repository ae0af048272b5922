/**
 * How postbuild moves the start of a prerendered page's JavaScript to after its load
 * event (scripts/build/page-html.ts): the module preloads leave <head>, and React Router's
 * route script waits for the load event and the first contentful paint, then preloads
 * and imports the same modules,
 * the shared ones one per task, the client entry (which hydrates) last.
 */
import { describe, expect, it, vi } from "vitest";
import { PageHtmlError, startScriptsAfterLoad } from "../../scripts/build/page-html.ts";

const ROUTE_SCRIPT = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/about.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>About</title>',
  '<link rel="preload" href="/assets/inter-core.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" href="/assets/react.js"/>',
  '<link rel="stylesheet" href="/assets/root.css"/>',
  "</head><body><p>Hello</p>",
  '<script>window.__reactRouterContext = {"ssr":true};</script>',
  `<script type="module" async="">${ROUTE_SCRIPT}</script>`,
  "</body></html>",
].join("");

/** The new route script's text. */
function routeScript(html: string): string {
  return /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
}

describe("startScriptsAfterLoad", () => {
  const out = startScriptsAfterLoad(PAGE, "about/index.html");

  it("takes the module preloads out of the HTML and leaves the rest of <head> and <body> as it was", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    const withoutRouteScript = (html: string) =>
      html.replace(/<link rel="modulepreload"[^>]*\/>/g, "").replace(routeScript(html), "");
    expect(withoutRouteScript(out)).toBe(withoutRouteScript(PAGE));
  });

  it("waits for the load event, then preloads the same modules and imports the same routes before the entry", () => {
    const script = routeScript(out);
    expect(script).not.toMatch(/^\s*import \* as/m);
    const order = [
      script.indexOf('addEventListener("load"'),
      script.indexOf('["/assets/entry.client.js","/assets/react.js"]'),
      script.indexOf(
        'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/about.js")]);',
      ),
      script.indexOf("window.__reactRouterRouteModules"),
      script.indexOf('import("/assets/entry.client.js");'),
    ];
    expect(
      order.every((at) => at >= 0),
      `parts found at ${order.join(", ")}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  /** Runs the new route script with a stand-in for the browser; `paint`: whether it reports paint entries. */
  function runScript({ paint }: { paint: boolean }) {
    const script = routeScript(out)
      .replace(/\bimport\(/g, "load(")
      .replace(/^;/, "");
    const events: string[] = [];
    const window: Record<string, unknown> = {};
    let fireLoad = () => {};
    let showEntries = (_names: string[]) => {};
    const document = {
      readyState: "interactive",
      createElement: () => ({}) as { rel?: string; href?: string },
      head: { append: (link: { href: string }) => events.push(`preload ${link.href}`) },
    };
    class PerformanceObserver {
      static supportedEntryTypes = paint ? ["paint", "resource"] : ["resource"];
      private readonly callback: (list: unknown, observer: unknown) => void;
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.callback = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        events.push(`observe ${options.type}${options.buffered ? " buffered" : ""}`);
        showEntries = (names) =>
          this.callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) }, this);
      }
      disconnect() {
        showEntries = () => {};
      }
    }
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "load",
      "scheduler",
      "PerformanceObserver",
      `return (async () => {${script.replaceAll("globalThis.scheduler", "scheduler").replaceAll("globalThis.PerformanceObserver", "PerformanceObserver")}})();`,
    ) as (...args: unknown[]) => Promise<void>;
    const done = run(
      window,
      document,
      (_event: string, listener: () => void) => (fireLoad = listener),
      (callback: () => void) => {
        events.push("frame");
        setTimeout(callback);
      },
      async (href: string) => {
        events.push(`import ${href}`);
        return { href };
      },
      { yield: async () => events.push("yield") },
      PerformanceObserver,
    );
    return { done, events, window, fireLoad: () => fireLoad(), showEntries: (names: string[]) => showEntries(names) };
  }

  const LOADING = [
    "preload /assets/entry.client.js",
    "yield",
    "preload /assets/react.js",
    "yield",
    "import /assets/react.js",
    "yield",
    "import /assets/root.js",
    "import /assets/about.js",
    "import /assets/entry.client.js",
  ];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("the new script runs: nothing before the load event and the first contentful paint, then the route modules", async () => {
    const page = runScript({ paint: true });
    await settle();
    expect(page.events, "nothing before the load event").toEqual([]);
    page.fireLoad();
    await settle();
    expect(page.events, "after the load event, only the wait for the paint").toEqual(["observe paint buffered"]);
    // Chromium reports the first paint (the background) before the first contentful one.
    page.showEntries(["first-paint"]);
    await settle();
    expect(page.events, "nothing after a paint without content").toEqual(["observe paint buffered"]);
    page.showEntries(["first-paint", "first-contentful-paint"]);
    await page.done;
    expect(page.events).toEqual(["observe paint buffered", ...LOADING]);
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root.js" },
      "routes/about": { href: "/assets/about.js" },
    });
  });

  it("in a browser without paint entries it starts one frame after the load event", async () => {
    const page = runScript({ paint: false });
    await settle();
    expect(page.events).toEqual([]);
    page.fireLoad();
    await page.done;
    expect(page.events).toEqual(["frame", ...LOADING]);
  });

  it("when no paint entry comes (a tab opened in the background) it starts two seconds after the load event", async () => {
    vi.useFakeTimers();
    try {
      const page = runScript({ paint: true });
      await vi.advanceTimersByTimeAsync(5);
      page.fireLoad();
      await vi.advanceTimersByTimeAsync(1_990);
      expect(page.events, "still waiting for the paint").toEqual(["observe paint buffered"]);
      await vi.advanceTimersByTimeAsync(100);
      await page.done;
      expect(page.events).toEqual(["observe paint buffered", ...LOADING]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("imports the chunks of a split route module (a form's page) the same way", () => {
    const split = PAGE.replace(
      'import * as route1 from "/assets/about.js";',
      'import * as route1_main from "/assets/contact-main.js";\nimport * as route1_clientAction from "/assets/contact-client-action.js";',
    );
    const script = routeScript(startScriptsAfterLoad(split, "contact/index.html"));
    expect(script).toContain(
      'const [route0, route1_main, route1_clientAction] = await Promise.all([import("/assets/root.js"), import("/assets/contact-main.js"), import("/assets/contact-client-action.js")]);',
    );
    expect(script).not.toMatch(/^\s*import \* as/m);
  });

  it("imports the static build's manifest, a module run for its effect, with the routes", () => {
    const withManifest = PAGE.replace(
      ";\nimport * as route0",
      ';\nimport "/assets/manifest-1234.js";\nimport * as route0',
    );
    const script = routeScript(startScriptsAfterLoad(withManifest, "404.html"));
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/about.js"), import("/assets/manifest-1234.js")]);',
    );
    expect(script).not.toMatch(/^\s*import "/m);
  });

  it("refuses a route script of an unfamiliar shape, naming the file", () => {
    // Bad input tried: a React Router upgrade that writes the route script differently.
    const changed = PAGE.replace(/import \* as route(\d) from/g, "import { default as route$1 } from");
    expect(() => startScriptsAfterLoad(changed, "about/index.html")).toThrow(PageHtmlError);
    expect(() => startScriptsAfterLoad(changed, "about/index.html")).toThrow(/about\/index\.html/);
  });

  it("refuses a route script that does not end by importing the client entry", () => {
    // Bad input tried: the entry import moved or renamed, so the early imports could hydrate the page.
    const noEntry = PAGE.replace('import("/assets/entry.client.js");', 'startApp("/assets/entry.client.js");');
    expect(() => startScriptsAfterLoad(noEntry, "about/index.html")).toThrow(/about\/index\.html.*unfamiliar shape/);
  });

  it("leaves a page without React Router's scripts alone", () => {
    const plain = "<html><head><title>x</title></head><body></body></html>";
    expect(startScriptsAfterLoad(plain, "plain.html")).toBe(plain);
  });
});
