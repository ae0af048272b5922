/**
 * What the browser tests need to know about the site: its pages (read from the content
 * folders' file names, as the build does) and a wait for the page to be interactive.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

const contentDir = join(process.cwd(), "app/content");

function slugsIn(folder: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

export const SERVICES = [
  { id: "silicon-engineering", title: "Silicon Engineering" },
  { id: "fpga-design", title: "FPGA Design" },
  { id: "embedded-software", title: "Embedded Software" },
  { id: "hardware-design", title: "Hardware Design" },
  { id: "machine-learning", title: "Machine Learning" },
  { id: "turnkey-solutions", title: "Turnkey Solutions" },
] as const;

export const CASE_STUDY_SLUGS = slugsIn("case-studies");
export const JOB_SLUGS = slugsIn("jobs");

/** The first `title: "..."` of a content file, or null when it is not written that way. */
export function contentTitle(folder: string, slug: string): string | null {
  const source = readFileSync(join(contentDir, folder, `${slug}.ts`), "utf8");
  const match = source.match(/^\s*title:\s*"((?:[^"\\]|\\.)*)",?\s*$/m);
  return match?.[1] ? JSON.parse(`"${match[1]}"`) : null;
}

/** Pages with a fixed path, and the main heading each shows. */
export const STATIC_PAGES: { path: string; h1: string }[] = [
  { path: "/", h1: "SEMICONDUCTOR SERVICES" },
  { path: "/about", h1: "About Us" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/casestudies", h1: "Case Studies" },
  { path: "/careers/life-blueberry", h1: "Why Join Blueberry?" },
  { path: "/careers/jobs", h1: "Current Openings" },
  { path: "/careers/jobs/vlsi", h1: "VLSI Openings" },
  { path: "/careers/jobs/software-embedded", h1: "Software and Embedded Openings" },
  { path: "/careers/testimonials", h1: "Testimonials" },
  { path: "/careers/press-media", h1: "Press & Media" },
  { path: "/privacy", h1: "Privacy Notice" },
];

export const CASE_STUDY_PATHS = CASE_STUDY_SLUGS.map((s) => `/casestudies/${s}`);
export const JOB_PATHS = JOB_SLUGS.map((s) => `/careers/jobs/vlsi/${s}`);
export const SERVICE_PATHS = SERVICES.map((s) => `/services/${s.id}`);

/** Every page of the route table that answers 200. */
export const ALL_PATHS = [...STATIC_PAGES.map((p) => p.path), ...CASE_STUDY_PATHS, ...JOB_PATHS, ...SERVICE_PATHS];

export const NOT_FOUND_PATHS = [
  "/no-such-page",
  "/casestudies/no-such-study",
  "/careers/jobs/vlsi/no-such-job",
  "/services/no-such-service",
];

/**
 * Resolves once React has hydrated the page and run its effects: the navigation carries
 * React's props, and two animation frames have passed for the effects and the re-render
 * that follows hydration (media queries differ between server and browser).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const nav = document.getElementById("site-menu");
    return nav !== null && Object.keys(nav).some((key) => key.startsWith("__reactProps$"));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Opens a page and waits until it is interactive. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}
