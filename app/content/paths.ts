/**
 * The URL of every page to prerender: the fixed pages of app/pages.ts, then one page per
 * file of each content collection (a file's name is its slug; `npm run check:content`
 * enforces that). Used by react-router.config.ts, the sitemap and the tests, so no list
 * of pages is kept by hand. Reads the disk: for the build, scripts and tests only.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { CONTENT_PAGES, type ContentPages, contentPagePath, STATIC_PAGES } from "../pages.ts";

// Scripts, tests and the build all run from the project root.
const contentDir = join(process.cwd(), "app/content");

/** The slugs of a content folder: its files' names, sorted. */
export function slugsIn(folder: ContentPages["content"]): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** The pages of one entry of the page list, one per file of its content folder. */
export function pathsOf(pages: ContentPages): string[] {
  return slugsIn(pages.content).map((slug) => contentPagePath(pages, slug));
}

/** The detail pages of a content collection: the entry whose module is the item's own page. */
export function contentPaths(folder: ContentPages["content"]): string[] {
  const detail = CONTENT_PAGES.find((pages) => pages.content === folder && !pages.narrows);
  return detail ? pathsOf(detail) : [];
}

export function prerenderPaths(): string[] {
  return [...STATIC_PAGES.map((page) => page.path), ...CONTENT_PAGES.flatMap(pathsOf)];
}
