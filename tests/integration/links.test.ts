/**
 * A crawl from the home page, as a search engine would: every page of the route table is
 * reached through links, and no link, image, stylesheet, script, font or icon is broken.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { type Site, startSite } from "../support/site-server.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite();
  return () => site.stop();
}, 120_000);

/** Same-site references in HTML (href, src, srcset) and CSS (url(...)). */
function references(body: string, base: string, origin: string): string[] {
  const raw = [
    ...[...body.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...body.matchAll(/\ssrcset="([^"]+)"/g)].flatMap((m) =>
      (m[1] as string).split(",").map((s) => s.trim().split(/\s+/)[0] as string),
    ),
    ...[...body.matchAll(/url\((["']?)([^)"']+)\1\)/g)].map((m) => m[2] as string),
  ];
  const urls: string[] = [];
  for (const ref of raw) {
    if (/^(mailto:|tel:|data:|#|javascript:)/.test(ref)) continue;
    const url = new URL(ref.replace(/&amp;/g, "&"), base);
    if (url.origin !== origin) continue;
    url.hash = "";
    urls.push(url.href);
  }
  return urls;
}

describe("links", () => {
  it("reaches every page from the home page with no broken link or asset", async () => {
    const start = `${site.origin}/`;
    const seen = new Set<string>([start]);
    const queue = [start];
    const broken: string[] = [];
    const pagesReached = new Set<string>();
    while (queue.length > 0 && seen.size < 1000) {
      const url = queue.shift() as string;
      const res = await fetch(url, { redirect: "manual" });
      const type = res.headers.get("content-type") ?? "";
      if (res.status !== 200) {
        broken.push(`${res.status} ${url.replace(site.origin, "")}`);
        await res.arrayBuffer();
        continue;
      }
      if (!type.startsWith("text/html") && !type.startsWith("text/css")) {
        await res.arrayBuffer();
        continue;
      }
      if (type.startsWith("text/html")) pagesReached.add(new URL(url).pathname);
      for (const ref of references(await res.text(), url, site.origin)) {
        if (seen.has(ref)) continue;
        seen.add(ref);
        queue.push(ref);
      }
    }
    expect(broken).toEqual([]);
    const unreached = prerenderPaths().filter((p) => !pagesReached.has(p));
    expect(unreached).toEqual([]);
  }, 120_000);
});
