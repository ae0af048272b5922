/**
 * The content a test needs, picked by rule from the content files, never by name. Editors
 * close, add, delete and reorder openings, case studies, testimonials and gallery pictures
 * in the browser editor, and CI runs the tests before every deploy: a test that named one
 * would stop the company publishing the day it went. A test that needs an item with some
 * property takes the first that has it, and fails naming that property when none has.
 * (The six services are fixed: tests may name them.)
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { readBuildDate } from "../../common/build-date.ts";
import { slugsIn } from "../../app/content/paths.ts";
import {
  CaseStudySchema,
  GalleryImageSchema,
  JobSchema,
  SERVICE_IDS,
  type ServiceId,
  TestimonialSchema,
} from "../../app/content/schema.ts";
import { CONTENT_PAGES, contentPagePath } from "../../app/pages.ts";
import { contentFolder, contentInOrder } from "./content-files.ts";

/** One content file: its name (the slug), its path under the project, and its checked value. */
export interface ContentItem<T> {
  slug: string;
  file: string;
  value: T;
}

export type CaseStudy = z.output<typeof CaseStudySchema>;
export type Testimonial = z.output<typeof TestimonialSchema>;
export type GalleryPicture = z.output<typeof GalleryImageSchema>;

/** A content item's own page, as app/pages.ts makes it (every opening's is under /careers/jobs/vlsi/). */
function pagePath(folder: "case-studies" | "jobs", slug: string): string {
  const pages = CONTENT_PAGES.find((p) => p.content === folder && !p.narrows);
  if (!pages) throw new Error(`app/pages.ts has no page for each file of app/content/${folder}/`);
  return contentPagePath(pages, slug);
}

function items<T>(folder: string, files: { name: string; value: T }[]): ContentItem<T>[] {
  return files.map(({ name, value }) => ({ slug: name, file: `app/content/${folder}/${name}.yaml`, value }));
}

/** The first `count` items `test` accepts; fails naming what the test needed when fewer do. */
function firstWhere<T>(list: T[], count: number, needed: string, folder: string, test: (item: T) => boolean): T[] {
  const found = list.filter(test).slice(0, count);
  if (found.length < count)
    throw new Error(
      `A test needs ${needed}, but ${found.length === 0 ? "no file" : `only ${found.length}`} in app/content/${folder}/ has it`,
    );
  return found;
}

// ---------------------------------------------------------------------------- openings

export interface Opening {
  slug: string;
  title: string;
  /** Which openings list shows it. */
  category: z.output<typeof JobSchema>["category"];
  path: string;
}

/** The openings open on the build's date (BUILD_DATE), in the order the site lists them: order.yaml's, then the rest by name. */
export function openJobs(): Opening[] {
  const open = new Set(slugsIn("jobs"));
  return contentInOrder("openings", "jobs", JobSchema)
    .filter(({ name }) => open.has(name))
    .map(({ name, value }) => ({
      slug: name,
      title: value.title,
      category: value.category,
      path: pagePath("jobs", name),
    }));
}

/** The first open opening: the one a test applies to. */
export function anOpenJob(): Opening {
  const [first] = openJobs();
  if (!first)
    throw new Error(
      `A test needs an opening to apply to, but there is no open opening in app/content/jobs/ on the build's date (${readBuildDate(process.env)})`,
    );
  return first;
}

// ------------------------------------------------------------------------ case studies

export interface CaseStudyItem extends ContentItem<CaseStudy> {
  path: string;
}

/** Every case study, in the order the site lists them: newest first, then by title (as app/content/load.ts sorts them). */
export function caseStudies(): CaseStudyItem[] {
  return items("case-studies", contentFolder("case-studies", CaseStudySchema))
    .map((item) => ({ ...item, path: pagePath("case-studies", item.slug) }))
    .sort((a, b) => b.value.date.localeCompare(a.value.date) || a.value.title.localeCompare(b.value.title));
}

/** The first case study the site lists that `test` accepts; `needed` says what it must have, for the failure. */
export function aCaseStudy(
  needed = "a case study",
  test: (study: CaseStudyItem) => boolean = () => true,
): CaseStudyItem {
  return firstWhere(caseStudies(), 1, needed, "case-studies", test)[0] as CaseStudyItem;
}

/** The study shows the art drawn for it (scripts/art/case-studies.ts), picture and thumbnail, not a photograph. */
export function hasGeneratedArt({ slug, value }: CaseStudyItem): boolean {
  const art = `/images/case-studies/${slug}`;
  return (
    value.image.src === `${art}.svg` &&
    value.thumbnail.src === `${art}-thumb.svg` &&
    existsSync(join(process.cwd(), "public", `${art}.svg`))
  );
}

/** The markup of a picture under public/ (an SVG drawing). */
export function pictureMarkup(src: string): string {
  return readFileSync(join(process.cwd(), "public", src), "utf8");
}

/**
 * The first service (in the menus' order) with `min` to `max` case studies, the number a
 * test's slider or list needs; its case studies are what its page lists as related.
 */
export function aServiceWithCaseStudies(
  needed: string,
  min: number,
  max = Infinity,
): { id: ServiceId; path: string; caseStudies: number } {
  const all = caseStudies();
  const count = (id: ServiceId) => all.filter(({ value }) => value.service === id).length;
  const id = SERVICE_IDS.find((s) => count(s) >= min && count(s) <= max);
  if (!id)
    throw new Error(
      `A test needs ${needed}, but no service has ${min}–${max} case studies in app/content/case-studies/`,
    );
  return { id, path: `/services/${id}`, caseStudies: count(id) };
}

// --------------------------------------------------------------- testimonials, gallery

/** The first `count` testimonials, in the order the site lists them, that `test` accepts. */
export function testimonialsWhere(
  needed: string,
  count: number,
  test: (item: ContentItem<Testimonial>) => boolean = () => true,
): ContentItem<Testimonial>[] {
  const all = items("testimonials", contentInOrder("testimonials", "testimonials", TestimonialSchema));
  return firstWhere(all, count, needed, "testimonials", test);
}

/** The first testimonial, in the order the site lists them, that `test` accepts. */
export function aTestimonial(
  needed = "a testimonial",
  test: (item: ContentItem<Testimonial>) => boolean = () => true,
): ContentItem<Testimonial> {
  return testimonialsWhere(needed, 1, test)[0] as ContentItem<Testimonial>;
}

/** The first gallery picture, in the order the site lists them, that `test` accepts. */
export function aGalleryPicture(
  needed: string,
  test: (item: ContentItem<GalleryPicture>) => boolean = () => true,
): ContentItem<GalleryPicture> {
  const all = items("gallery", contentInOrder("gallery", "gallery", GalleryImageSchema));
  return firstWhere(all, 1, needed, "gallery", test)[0] as ContentItem<GalleryPicture>;
}
