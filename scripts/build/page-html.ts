/**
 * What postbuild changes in a prerendered page besides its CSP: the page's JavaScript
 * starts once the page has loaded (its stylesheet, its font, its first images) and its
 * first contentful paint is on screen, so on a slow phone the first paint and the largest
 * one never wait behind it
 * (docs/decisions/0022). React Router's `<Scripts>` writes module preloads, which React
 * hoists into <head>, and one inline module script that imports the route modules and
 * then the client entry. Here the preloads leave the HTML and that script waits for the
 * load event, then adds the same preloads and imports the same modules. React skips
 * hoisted links when it hydrates, and the script's text is not compared (React Router
 * renders it with suppressHydrationWarning), so hydration sees the page it rendered.
 *
 * The script adds the preloads one at a time, and before the routes and the entry it
 * imports the shared modules one at a time, yielding to the browser after each: each
 * preload's start and each module's evaluation is a task of its own instead of one long
 * task, which Lighthouse counts as blocking time (decision 0036). The client entry itself is
 * never imported early: it hydrates.
 */

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*?\/?>/g;
const ROUTE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
// `route1`, or `route1_main` and `route1_clientAction` for a route split into chunks.
const STATIC_IMPORT = /^\s*import \* as (route\w+) from "([^"]+)";\s*$/gm;
// The static build's manifest, a module run for its effect (`import "/assets/manifest-….js";`).
const SIDE_EFFECT_IMPORT = /^\s*import "([^"]+)";\s*$/gm;
const ANY_STATIC_IMPORT = /^\s*import\s+[^(\s]/m;
// The client entry, which hydrates the page: the script's last statement imports it.
const ENTRY_IMPORT = /import\("([^"]+)"\);?\s*$/;

export class PageHtmlError extends Error {
  override name = "PageHtmlError";
}

/** Moves the start of the page's JavaScript to after its load event and first contentful paint; throws if the page's scripts look unfamiliar. */
export function startScriptsAfterLoad(html: string, file: string): string {
  const headEnd = html.indexOf("</head>");
  const preloads = [...html.slice(0, Math.max(headEnd, 0)).matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  const script = ROUTE_SCRIPT.exec(html);
  if (!script) {
    // A page without React Router's scripts (none today) has nothing to move.
    if (preloads.length === 0) return html;
    throw new PageHtmlError(`${file}: module preloads without React Router's route script`);
  }
  const body = script[1] as string;
  const imports = [...body.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1] as string, href: m[2] as string }));
  const effects = [...body.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1] as string);
  const rest = body.replace(STATIC_IMPORT, "").replace(SIDE_EFFECT_IMPORT, "");
  const entry = ENTRY_IMPORT.exec(rest)?.[1];
  if (
    imports.length === 0 ||
    !entry ||
    ANY_STATIC_IMPORT.test(rest) ||
    !body.includes("window.__reactRouterRouteModules")
  )
    throw new PageHtmlError(
      `${file}: React Router's route script has an unfamiliar shape; check scripts/build/page-html.ts`,
    );

  const waited = [
    // Module scripts may await at the top level.
    "await new Promise((go) => {",
    // And after the first contentful paint is on screen. Its entry comes once the frame has
    // been shown, which can be tens of milliseconds after the frame's own task: a script
    // fetched in between was counted in the paint by Lighthouse (decision 0036).
    // A browser without paint entries waits one frame; none waits more than two seconds
    // (whichever comes first resolves the promise; a later call changes nothing).
    "  const afterPaint = () => {",
    "    setTimeout(go, 2000);",
    '    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))',
    "      return requestAnimationFrame(() => setTimeout(go));",
    "    new PerformanceObserver((list, observer) => {",
    '      if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
    "      observer.disconnect();",
    "      setTimeout(go);",
    '    }).observe({ type: "paint", buffered: true });',
    "  };",
    '  if (document.readyState === "complete") afterPaint();',
    '  else addEventListener("load", afterPaint, { once: true });',
    "});",
    `const modules = ${JSON.stringify(preloads)};`,
    // scheduler.yield() where the browser has it; a timeout otherwise.
    "const pause = () => globalThis.scheduler?.yield?.() ?? new Promise((go) => setTimeout(go));",
    // A preload starts its fetch as it is added, which takes Chromium about a millisecond on
    // a fast machine: twenty in one go were one of the longest tasks after the load event.
    "for (const href of modules) {",
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "  await pause();",
    "}",
    // React Router lists the entry's imports first, then the routes': libraries before the
    // pages that use them.
    "for (const href of modules) {",
    `  if (href === ${JSON.stringify(entry)}) continue;`,
    "  await import(href);",
    "  await pause();",
    "}",
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${[...imports.map((i) => i.href), ...effects]
      .map((href) => `import(${JSON.stringify(href)})`)
      .join(", ")}]);`,
    rest,
  ].join("\n");

  const withoutPreloads = html.slice(0, headEnd).replace(MODULE_PRELOAD, "") + html.slice(headEnd);
  return withoutPreloads.replace(ROUTE_SCRIPT, (tag) => tag.replace(body, () => waited));
}
