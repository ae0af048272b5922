/**
 * What the browser tests need to know about the site: its pages (from the list of pages,
 * app/pages.ts, and the content folders' file names, as the build reads them) and a wait
 * for the page to be interactive.
 */
import type { Page } from "@playwright/test";
import { SERVICE_IDS, SERVICE_TITLES } from "../../../app/content/constants.ts";
import { contentPaths, slugsIn } from "../../../app/content/paths.ts";
import { CaseStudySchema, JobSchema, MetricSchema } from "../../../app/content/schema.ts";
import { STATIC_PAGES as PAGES_WITH_HEADINGS } from "../../../app/pages.ts";
import { contentFile, contentFolder, contentNames } from "../../support/content-files.ts";
import { aCaseStudy, openJobs } from "../../support/content-picks.ts";

export const SERVICES = SERVICE_IDS.map((id) => ({ id, title: SERVICE_TITLES[id] }));

export const CASE_STUDY_SLUGS = slugsIn("case-studies");
export const JOB_SLUGS = slugsIn("jobs");

/** The title of a case study or job, from its file. */
export function contentTitle(folder: "case-studies" | "jobs", slug: string): string {
  return contentFile(`${folder}/${slug}.yaml`, folder === "jobs" ? JobSchema : CaseStudySchema).title;
}

/**
 * The open openings' titles in the order the lists show them: as order.yaml names them,
 * then any it does not name, by file name.
 */
export function openingsInOrder(): string[] {
  return openJobs().map(({ title }) => title);
}

/** How many items the content folders hold, for the pages that list them all. */
export const CONTENT_COUNTS = {
  partners: contentNames("partners").length,
  testimonials: contentNames("testimonials").length,
  gallery: contentNames("gallery").length,
  press: contentNames("press").length,
};

/** The home page's metrics as they end ("7+"), from metrics.yaml: the server's HTML holds them, the count-up ends on them. */
export const HOME_METRICS = contentFile("metrics.yaml", MetricSchema.array()).map(({ value }) => `${value}+`);

/** Pages with a fixed path, and the main heading each shows. */
export const STATIC_PAGES: { path: string; h1: string }[] = PAGES_WITH_HEADINGS.map(({ path, heading }) => ({
  path,
  h1: heading,
}));

export const CASE_STUDY_PATHS = contentPaths("case-studies");
export const JOB_PATHS = contentPaths("jobs");
export const SERVICE_PATHS = SERVICES.map((s) => `/services/${s.id}`);

/** The case study list narrowed to each service. */
export const CASE_STUDY_FILTER_PATHS = SERVICES.map((s) => `/casestudies/service/${s.id}`);

/** The case studies a service's filter page lists: the files that name it as their service. */
export function caseStudiesOfService(serviceId: string): string[] {
  return contentFolder("case-studies", CaseStudySchema)
    .filter(({ value }) => value.service === serviceId)
    .map(({ name }) => `/casestudies/${name}`);
}

/**
 * Every page of the route table that answers 200; of the list narrowed by service, one:
 * the others are the same template with other cards (routes.spec.ts checks each one's cards).
 */
export const ALL_PATHS = [
  ...STATIC_PAGES.map((p) => p.path),
  CASE_STUDY_FILTER_PATHS[1] as string,
  ...CASE_STUDY_PATHS,
  ...JOB_PATHS,
  ...SERVICE_PATHS,
];

/**
 * One page of each kind: every fixed page, a case study (the first the list shows), a job
 * (the first open opening's, while one is open) and a service. For checks of a property
 * the template decides (the first picture's priority, the font faces, the menu without
 * JavaScript); the page sweep visits every page.
 */
export const TEMPLATE_PAGES = [
  ...STATIC_PAGES.map((p) => p.path),
  aCaseStudy().path,
  ...openJobs()
    .slice(0, 1)
    .map((job) => job.path),
  SERVICE_PATHS[0] as string,
];

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
  await twoFrames(page);
}

/** Resolves once the browser has rendered and painted two more frames. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Resolves once the page has come to rest after a change it reacts to (a resized window,
 * a style sheet added or taken away): three frames in a row with no animation or
 * transition running and nothing in the document changed, as React's re-render after a
 * media query changes would. At most two seconds.
 */
export async function untilQuiet(page: Page): Promise<void> {
  await page.evaluate(async () => {
    let mutations = 0;
    const observer = new MutationObserver((records) => (mutations += records.length));
    observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let quiet = 0, frames = 0; quiet < 3 && frames < 120; frames++) {
      const before = mutations;
      await frame();
      const moving = document.getAnimations().some((animation) => animation.playState === "running");
      quiet = mutations !== before || moving ? 0 : quiet + 1;
    }
    observer.disconnect();
  });
}

/** Opens a page and waits until it is interactive. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** Runs `task` for every item, at most `limit` at once (pages in contexts of their own). */
export async function eachAtOnce<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
