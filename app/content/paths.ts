/**
 * The URL of every page to prerender, read from the content folders' file names (a
 * file's name is its slug; `npm run check:content` enforces that). Used by
 * react-router.config.ts, the sitemap and the tests, so no list of pages is kept by hand.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_IDS } from "./schema.ts";

// Scripts, tests and the build all run from the project root.
const contentDir = join(process.cwd(), "app/content");

function slugsIn(folder: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

export const STATIC_PATHS = [
  "/",
  "/about",
  "/contact",
  "/casestudies",
  "/careers/life-blueberry",
  "/careers/jobs",
  "/careers/jobs/vlsi",
  "/careers/jobs/software-embedded",
  "/careers/testimonials",
  "/careers/press-media",
  "/privacy",
] as const;

export function prerenderPaths(): string[] {
  return [
    ...STATIC_PATHS,
    ...slugsIn("case-studies").map((s) => `/casestudies/${s}`),
    ...slugsIn("jobs").map((s) => `/careers/jobs/vlsi/${s}`),
    ...SERVICE_IDS.map((id) => `/services/${id}`),
  ];
}
