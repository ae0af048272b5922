/**
 * The list of pages (app/pages.ts) is the one source: the route table, the prerender list
 * and the openings lists come from it, and every route module is in it. The content
 * layout is one too: the catalog and `npm run check:content` read the same files.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { content } from "~/content/catalog.server";
import { byPart, CONTENT_LAYOUT, ContentError } from "~/content/load";
import { contentPaths, pathsOf, prerenderPaths, slugsIn } from "~/content/paths";
import { CONTENT_PAGES, PAGES, SERVER_ONLY_ROUTES, STATIC_PAGES } from "~/pages";
import routes from "~/routes";
import { readContent } from "../../scripts/build/content-files.ts";
import { aCaseStudy, anOpenJob } from "../support/content-picks.ts";

describe("the list of pages", () => {
  it("gives the route table: each page's pattern and module, the server build's own routes, then the 'Not Found...' screen", () => {
    const table = routes.map((r) => ({ path: r.index ? "/" : `/${r.path}`, file: r.file }));
    expect(table).toEqual([
      ...PAGES.map(({ path, file }) => ({ path, file })),
      ...SERVER_ONLY_ROUTES.map(({ path, file }) => ({ path, file })),
      { path: "/*", file: "routes/not-found.tsx" },
    ]);
  });

  it("never prerenders a server-only route (the applicant's own page), nor puts it in the sitemap", () => {
    expect(SERVER_ONLY_ROUTES.map((r) => r.path)).toContain("/my-application/:token");
    const paths = prerenderPaths();
    for (const { path } of SERVER_ONLY_ROUTES) {
      const prefix = path.replace(/:\w+$/, "");
      expect(paths.filter((p) => p.startsWith(prefix))).toEqual([]);
    }
  });

  it("names every route module in app/routes/", () => {
    const modules = readdirSync("app/routes").filter((f) => f.endsWith(".tsx"));
    const routed = new Set(routes.map((r) => r.file.replace(/^routes\//, "")));
    expect(modules.filter((f) => !routed.has(f))).toEqual([]);
  });

  it("gives one route id per page, even where one module serves several (the openings lists)", () => {
    const jobs = PAGES.filter((page) => page.file === "routes/jobs.tsx");
    expect(jobs.map((page) => page.id)).toEqual(["jobs", "jobs-vlsi", "jobs-software-embedded"]);
    for (const page of jobs) expect("openings" in page && page.openings, page.path).toBeTruthy();
  });

  it("takes its content collections from folders of the content layout, which the catalog reads", () => {
    const folders = Object.values(CONTENT_LAYOUT).filter((place) => place.endsWith("/"));
    for (const pages of CONTENT_PAGES) expect(folders, pages.path).toContain(`${pages.content}/`);
  });

  it("prerenders every fixed page and one page per content file, each once, with no pattern left in", () => {
    const paths = prerenderPaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((path) => /[:*]/.test(path))).toEqual([]);
    for (const page of STATIC_PAGES) expect(paths).toContain(page.path);
    for (const pages of CONTENT_PAGES) {
      const slugs = slugsIn(pages.content);
      expect(slugs.length, pages.content).toBeGreaterThan(0);
      expect(pathsOf(pages)).toEqual(slugs.map((slug) => pages.path.replace(/:\w+$/, slug)));
    }
    expect(paths).toContain(`/casestudies/${aCaseStudy().slug}`);
    expect(paths).toContain(`/careers/jobs/vlsi/${anOpenJob().slug}`);
    expect(paths).toContain("/services/fpga-design");
    expect(paths).toContain("/casestudies/service/fpga-design");
    expect(contentPaths("services")).toEqual(slugsIn("services").map((slug) => `/services/${slug}`));
  });

  it("the catalog (Vite's globs) and npm run check:content (the disk) read the same content", async () => {
    expect(await readContent(resolve("app/content"), resolve("public"))).toEqual(content);
  });

  it("a content file the layout does not name (stray.yaml, pages/extra/x.yaml, jobs/a.ts) stops the build, named", () => {
    expect(byPart({ "jobs/a.yaml": 1, "pages/home.yaml": 2 })).toMatchObject({
      jobs: { "jobs/a.yaml": 1 },
      home: { "pages/home.yaml": 2 },
    });
    for (const stray of ["stray.yaml", "pages/extra/x.yaml", "jobs/old/a.yaml", "jobs/a.ts", "pages/home.yml"]) {
      expect(() => byPart({ [stray]: {} }), stray).toThrow(ContentError);
      expect(() => byPart({ [stray]: {} }), stray).toThrow(`app/content/${stray}`);
    }
  });
});
