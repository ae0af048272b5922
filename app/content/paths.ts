/**
 * The URL of every page to prerender: the fixed pages of app/pages.ts, then one page per
 * file of each content collection (a file's name is its slug; `npm run check:content`
 * enforces that), but no page for an opening that is closed on the build's date. Used by
 * react-router.config.ts, the sitemap and the tests, so no list of pages is kept by hand.
 * Reads the disk: for the build, scripts and tests only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { isOpen, readBuildDate } from "../../common/build-date.ts";
import { CONTENT_PAGES, type ContentPages, contentPagePath, STATIC_PAGES } from "../pages.ts";
import { parseFile } from "./load.ts";
import { parseYamlFile } from "./yaml-files.ts";

// Scripts, tests and the build all run from the project root.
const contentDir = join(process.cwd(), "app/content");

/** What decides whether an opening is open; the content check validates the rest. */
const OpeningDates = z.object({ closed: z.boolean().optional(), validThrough: z.iso.date() });

function isOpenOn(today: string, dir: string, slug: string): boolean {
  const file = `jobs/${slug}.yaml`;
  const value = parseYamlFile(file, readFileSync(join(dir, file), "utf8"));
  return isOpen(parseFile(file, OpeningDates, value), today);
}

/**
 * The slugs of a content folder that have pages: its files' names, sorted; of the jobs,
 * those open on `today` (the build's date, BUILD_DATE). `dir`: another copy of the content.
 */
export function slugsIn(
  folder: ContentPages["content"],
  today = readBuildDate(process.env),
  dir = contentDir,
): string[] {
  const names = readdirSync(join(dir, folder))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
  return folder === "jobs" ? names.filter((slug) => isOpenOn(today, dir, slug)) : names;
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
